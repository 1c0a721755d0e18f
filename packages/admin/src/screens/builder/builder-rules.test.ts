import { DeviceType, type FormBlock } from '@lead/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseLayout, placeBlocks, setBlocks, setView, thankYouFirst } from './design.actions.js';
import { checkSave, startCreate } from './save.js';
import { canvasLabel, newBlock } from './samples.js';
import { builder } from './state.js';
import { setAppearance, setAppearanceEnd, setAppearanceStart, setDates, setForever } from './settings.actions.js';
import { addLink, setDevices, setLinkDraft } from './target.actions.js';
import { stepErrors, stepValid } from './validation.js';
import { toPayload } from './wire.js';

/* The builder's step rules (#29): each step says why it cannot go on, and Save agrees with it. */

beforeEach(() => {
  startCreate(new URLSearchParams({ campaignName: 'Heart', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
  setLinkDraft('https://bacsi-online.vn/heart/');
  addLink();
});

const canvas = (blocks: readonly FormBlock[]) => blocks.map((b) => ({ id: String(b.id), type: b.name }));

describe('DESIGN says why it cannot go on, in create mode too', () => {
  it.each([
    ['Text', 'Text', 'The key of block "Full name" is duplicated. Please select that field and type another value!'],
    ['Phone', 'PhoneOTP', 'The key of block "Phone" is duplicated. Please select that field and type another value!'],
    ['Radio', 'Dropdown', 'The key of block "Gender" is duplicated. Please select that field and type another value!'],
  ] as const)('%s then %s: the second takes the same SSO key, and DESIGN names it', (first, second, message) => {
    chooseLayout('LightBoxB');
    setBlocks([...builder.forms, newBlock(first), newBlock(second)]);
    expect(builder.mode).toBe('create');
    expect(stepValid('design', builder)).toBe(false);
    expect(stepErrors(builder).design).toEqual([['forms.5', message]]);
    expect(checkSave()).toBe(false);
    expect(builder.step).toBe('design');
  });

  it("an empty campaign name: 'Campaign Name is required'", () => {
    chooseLayout('LightBoxB');
    builder.name = '  ';
    expect(stepErrors(builder).design).toEqual([['name', 'Campaign Name is required']]);
  });

  it('TEMPLATE asks for a layout until one is chosen', () => {
    expect(stepErrors(builder).template).toEqual([['layout', 'Choose a layout for the pop-up.']]);
    chooseLayout('Floating');
    expect(stepErrors(builder).template).toEqual([]);
  });
});

describe('SETTINGS refuses what its fields show as wrong', () => {
  beforeEach(() => chooseLayout('LightBoxB'));

  it('an end day before the start day is kept, shown and refused', () => {
    setForever(false);
    setDates('2026-12-10', '2026-12-01');
    expect(stepErrors(builder).settings).toEqual([['started_at', 'Start Date must be less than End Date']]);
    expect(checkSave()).toBe(false);
    setDates('2026-12-01', '2026-12-10');
    expect(checkSave()).toBe(true);
  });

  it('hours whose end was cleared by a later start are refused, not dropped', () => {
    setAppearance(true);
    setAppearanceStart('10:00');
    setAppearanceEnd('12:00');
    setAppearanceStart('13:00');
    expect(builder.appearance).toEqual({ startTime: '13:00', endTime: null });
    expect(stepErrors(builder).settings).toEqual([
      ['rules.appearance_time', 'The appearance end time must be after its start time.'],
    ]);
    expect(checkSave()).toBe(false);
    setAppearanceEnd('15:00');
    expect(checkSave()).toBe(true);
    expect(toPayload(builder).rules).toContainEqual({
      rule: 'appearance_time',
      value: { startTime: '13:00', endTime: '15:00' },
    });
  });
});

describe('devices and layouts', () => {
  it('a desktop-only layout saves Desktop alone, and a layout for both gets the devices chosen back', () => {
    chooseLayout('Slider');
    expect(toPayload(builder).device_types).toEqual([DeviceType.Desktop]);
    setDevices([]);
    expect(toPayload(builder).device_types).toEqual([DeviceType.Desktop]);
    chooseLayout('LightBoxB');
    expect(toPayload(builder).device_types).toEqual([DeviceType.Mobile, DeviceType.Desktop]);
    setDevices([DeviceType.Mobile]);
    chooseLayout('Fullscreen');
    chooseLayout('InlineA');
    expect(toPayload(builder).device_types).toEqual([DeviceType.Mobile]);
  });
});

describe('blocks', () => {
  beforeEach(() => chooseLayout('LightBoxB'));

  it('a block clicked in the palette lands before the Submit button; one dropped between blocks stays there', () => {
    const names = () => builder.forms.map((b) => b.name);
    placeBlocks([...canvas(builder.forms), { id: 'new-phone', type: 'Phone' }]);
    expect(names()).toEqual(['Title', 'Subtitle', 'Email', 'Phone', 'Submit']);
    const [title, ...rest] = canvas(builder.forms);
    placeBlocks([title!, { id: 'new-text', type: 'Text' }, ...rest]);
    expect(names()).toEqual(['Title', 'Text', 'Subtitle', 'Email', 'Phone', 'Submit']);
    // Moving the Submit button to the end by hand stays as it is.
    placeBlocks([
      ...canvas(builder.forms.filter((b) => b.name !== 'Submit')),
      ...canvas(builder.forms.filter((b) => b.name === 'Submit')),
    ]);
    expect(names().at(-1)).toBe('Submit');
  });

  it.each(['PhoneOTP', 'WhatsAppOTP', 'ZaloOTP'] as const)(
    '%s shows the thank-you view and opens its editor first on Next',
    (otp) => {
      setBlocks([...builder.forms.filter((b) => b.name !== 'Email'), newBlock(otp)]);
      expect(builder.showThankYou).toBe('show');
      setView('main');
      expect(thankYouFirst()).toBe(true);
      expect(builder.view).toBe('thankyou');
    },
  );

  it('names a T&C block on the canvas by its text, not its URLs', () => {
    const terms = newBlock('Terms');
    Object.assign(terms.data, { placeholder: 'https://bacsi-online.vn/terms', valueHTML: 'I agree to *the terms*' });
    expect(canvasLabel(terms)).toBe('T&C: I agree to the terms');
    expect(canvasLabel(newBlock('Terms'))).toBe('T&C');
    expect(canvasLabel(newBlock('Email'))).toBe('Email: Email');
    expect(canvasLabel(newBlock('Text'))).toBe('Text: Full name');
  });
});
