import { FIELD_PRESETS, campaignSaveErrors, type FormBlock } from '@lead/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addAnswer,
  chooseLayout,
  removeAnswer,
  selectBlock,
  setBlocks,
  setTimeOnPage,
  setView,
  settleTimeOnPage,
  thankYouFirst,
  applyFieldPreset,
} from './design.actions.js';
import { startCreate } from './save.js';
import { builder } from './state.js';
import { stepOf, stepValid } from './validation.js';
import { addLink, addSubTarget, removeSubTarget, setSubDraft, setSubOption, setLinkDraft } from './target.actions.js';
import { toPayload } from './wire.js';
import { INLINE_POSITIONS, inlinePositionLabel, newBlock } from './samples.js';
import { toasts } from '../../stores/ui.js';

beforeEach(() => {
  startCreate(new URLSearchParams({ campaignName: 'Heart', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
});

describe('the builder', () => {
  it('starts from the new-campaign query with the defaults', () => {
    expect(builder).toMatchObject({
      mode: 'create',
      name: 'Heart',
      siteId: 1,
      siteHost: 'bacsi-online.vn',
      clientId: 4,
      frequency: '7',
      leads: '500',
      price: '2.5',
      timeOnPage: 3,
      scroll: 25,
      devices: [1, 2],
    });
    expect(stepValid('target', builder)).toBe(false);
  });

  it("adds links only on the site's host, lowercased and URI-encoded", () => {
    setLinkDraft('https://example.com/a');
    addLink();
    expect(builder.linkError).toBe('not include bacsi-online.vn.');
    setLinkDraft('');
    addLink();
    expect(builder.linkError).toBe('Please add link');
    setLinkDraft('https://Bacsi-Online.vn/Tim Mạch/');
    addLink();
    expect(builder.targets.map((t) => t.target)).toEqual(['https://bacsi-online.vn/tim%20m%E1%BA%A1ch/']);
    expect(stepValid('target', builder)).toBe(true);
  });

  it('excludes pages under a link, on the same host, normalised', () => {
    setLinkDraft('https://bacsi-online.vn/heart/');
    addLink();
    setSubDraft(0, 'https://example.com/x');
    addSubTarget(0);
    expect(builder.subDrafts[0]!.error).toBe('not include bacsi-online.vn.');
    setSubOption(0, 'exact_match');
    setSubDraft(0, 'https://bacsi-online.vn/Heart/Ads/');
    addSubTarget(0);
    expect(builder.targets[0]!.sub_target).toEqual([
      { option: 'exact_match', value: 'https://bacsi-online.vn/heart/ads/' },
    ]);
    expect(toPayload(builder).targets[0]!.sub_target).toHaveLength(1);
    removeSubTarget(0, 0);
    expect(builder.targets[0]!.sub_target).toEqual([]);
  });

  it('loads the sample of a chosen layout, sets the preview device and jumps to TRIGGER', () => {
    chooseLayout('Sidebar');
    expect(builder.step).toBe('trigger');
    expect(builder.previewDevice).toBe('desktop');
    expect(builder.forms.map((b) => b.name)).toEqual(['Title', 'Subtitle', 'Email', 'Submit']);
    expect(builder.inlinePosition).toBe('6th');
    chooseLayout('LightBoxA');
    expect(builder.forms.map((b) => b.name)).toEqual(['Title', 'Subtitle', 'LinkButton']);
    expect(builder.previewDevice).toBe('mobile');
    chooseLayout('InlineA');
    expect(builder.trigger).toBe('on_scroll');
  });

  it('makes every sample valid to save once a link is added', () => {
    setLinkDraft('https://bacsi-online.vn/heart/');
    addLink();
    for (const layout of [
      'Floating',
      'Tab',
      'SkinA',
      'SkinB',
      'CenterTab',
      'LightBoxA',
      'LightBoxB',
      'InlineA',
      'InlineB',
      'Fullscreen',
      'Sidebar',
      'Slider',
    ] as const) {
      chooseLayout(layout);
      expect(
        campaignSaveErrors(toPayload(builder), { siteHost: 'bacsi-online.vn', mode: 'create' }),
        layout,
      ).toBeUndefined();
      expect(stepValid('design', builder), layout).toBe(true);
      expect(stepValid('settings', builder), layout).toBe(true);
    }
  });

  it('keeps time on page from 3 to 100 seconds, as an absolute value', () => {
    setTimeOnPage('-250');
    expect(builder.timeOnPage).toBe(100);
    setTimeOnPage('1');
    settleTimeOnPage();
    expect(builder.timeOnPageText).toBe('3');
  });

  it('keeps two answers on choice blocks: new ones are answerN, and only the third on can go', () => {
    chooseLayout('LightBoxB');
    const radio = newBlock('Checkbox');
    setBlocks([...builder.forms, radio]);
    selectBlock(String(radio.id));
    addAnswer();
    const answers = () => builder.forms.find((b) => b.id === radio.id)!.data.listQuestion!;
    expect(answers().at(-1)).toEqual({ value: 'answer3', placeholder: 'Answer 3' });
    removeAnswer(1);
    expect(answers()).toHaveLength(3);
    removeAnswer(2);
    expect(answers()).toHaveLength(2);
  });

  it('shows the thank-you view when an OTP block is added, and opens its editor first on Next', () => {
    chooseLayout('LightBoxB');
    setBlocks([...builder.forms, newBlock('PhoneOTP')]);
    expect(builder.showThankYou).toBe('show');
    setView('main');
    expect(thankYouFirst()).toBe(true);
    expect(builder.view).toBe('thankyou');
  });

  it('sends extra_fields version 2.1 with the layout and the thank-you blocks as JSON', () => {
    chooseLayout('Slider');
    const p = toPayload(builder);
    expect(p.display_type).toBe(7);
    expect(p.extra_fields).toMatchObject({
      popupVersion: '2.1',
      currentLayout: 'Slider',
      targetLinkType: 'links',
      popupInlinePosition: '6th',
    });
    expect(JSON.parse(p.extra_fields.listBlockThankyou as string).map((b: FormBlock) => b.data.placeholder)).toEqual([
      'CẢM ƠN BẠN',
      'Chúng tôi trân trọng thời gian của bạn!',
    ]);
    expect(p.rules).toEqual(
      expect.arrayContaining([
        { rule: 'time_on_page', value: 3 },
        { rule: 'days_to_show_again', value: 7 },
        { rule: 'campaign_popup_exit', value: 7 },
      ]),
    );
  });

  it('sends an error to the step that fixes it', () => {
    expect(['targets', 'device_types', 'forms.2', 'name', 'price', 'started_at'].map(stepOf)).toEqual([
      'target',
      'target',
      'design',
      'design',
      'settings',
      'settings',
    ]);
  });
});

describe('the block edit panel', () => {
  it('names inline positions in words', () => {
    expect(
      ['1st', '6th', '12th', 'last-paragraph', 'h2-1st', 'h2-3rd', 'last-h2', 'end-of-article'].map(
        inlinePositionLabel,
      ),
    ).toEqual([
      'After the 1st paragraph',
      'After the 6th paragraph',
      'After the 12th paragraph',
      'After the last paragraph',
      'After the 1st H2 heading',
      'After the 3rd H2 heading',
      'After the last H2 heading',
      'At the end of the article',
    ]);
    expect(INLINE_POSITIONS.map(inlinePositionLabel).every((l) => l.startsWith('After') || l.startsWith('At'))).toBe(
      true,
    );
  });

  it('gives new blocks their SSO tag as the field key, and choice blocks the answers Male=1, Female=0', () => {
    const keys = Object.fromEntries(
      (['Text', 'Email', 'Date', 'Phone', 'PhoneOTP', 'WhatsAppOTP', 'ZaloOTP', 'Radio', 'Dropdown'] as const).map(
        (n) => [n, newBlock(n).data.value],
      ),
    );
    expect(keys).toEqual({
      Text: 'name',
      Email: 'email',
      Date: 'birthday',
      Phone: 'phone',
      PhoneOTP: 'phone',
      WhatsAppOTP: 'phone',
      ZaloOTP: 'phone',
      Radio: 'gender',
      Dropdown: 'gender',
    });
    expect(newBlock('Radio').data.listQuestion).toEqual([
      { value: '1', placeholder: 'Male' },
      { value: '0', placeholder: 'Female' },
    ]);
    expect(FIELD_PRESETS).toEqual(['name', 'phone', 'email', 'birthday', 'gender']);
  });

  it("sets a preset key, says 'Updated block {name} to {label}', and gives gender its answers", () => {
    chooseLayout('LightBoxB');
    const dropdown = newBlock('Dropdown');
    dropdown.data.value = 'topic';
    dropdown.data.listQuestion = [
      { value: 'a', placeholder: 'A' },
      { value: 'b', placeholder: 'B' },
      { value: 'c', placeholder: 'C' },
    ];
    setBlocks([...builder.forms, dropdown]);
    selectBlock(String(dropdown.id));
    toasts.clear();
    applyFieldPreset('gender');
    const saved = builder.forms.find((b) => b.id === dropdown.id)!;
    expect(saved.data.value).toBe('gender');
    expect(saved.data.listQuestion).toEqual([
      { value: '1', placeholder: 'Male' },
      { value: '0', placeholder: 'Female' },
    ]);
    expect(toasts.visibleToasts.at(-1)?.content).toMatchObject({
      tone: 'success',
      title: 'Updated block Dropdown to gender',
    });
  });
});
