import type { FormBlock } from '@lead/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderPopup, type PopupCampaign, type RenderOptions } from '../src/index.js';

const FORMS: FormBlock[] = [
  { name: 'Title', id: 1, data: { placeholder: 'Check your heart', align: 'center' } },
  { name: 'Subtitle', id: 2, data: { placeholder: 'Two minutes, free', align: 'center' } },
  { name: 'Text', id: 3, data: { value: 'name', placeholder: 'Full name', required: true } },
  { name: 'Email', id: 4, data: { value: 'email', placeholder: 'Email', required: true } },
  { name: 'Submit', id: 5, data: { placeholder: 'Send' } },
];
const PREVIEW: RenderOptions = { device: 'desktop', preview: true, selected: 1 };

/** `forms` with block `i`'s data changed (a new object, the others kept), as the builder's store hands them. */
const edited = (forms: FormBlock[], i: number, data: Partial<FormBlock['data']>) =>
  forms.map((b, k) => (k === i ? { ...b, data: { ...b.data, ...data } } : b));

function draw(campaign: PopupCampaign, options: RenderOptions) {
  const host = document.createElement('div');
  document.body.append(host);
  const popup = renderPopup(host, campaign, options);
  const root = host.shadowRoot!;
  const blocks = () => [...root.querySelectorAll<HTMLElement>('[data-index]')];
  return { root, popup, blocks };
}

/** The shadow root's markup, each draw's id prefix made the same. */
const markup = (root: ShadowRoot) => root.innerHTML.replace(/lp\d+-/g, 'lp-');

describe('update', () => {
  it('draws again only the blocks that changed, and leaves what a whole draw would', () => {
    const { root, popup, blocks } = draw({ layout: 'LightBoxB', forms: FORMS }, PREVIEW);
    const stage = root.querySelector('.stage');
    const before = blocks();
    const forms = edited(FORMS, 1, { placeholder: 'Two minutes, freeX' });
    popup.update({ layout: 'LightBoxB', forms }, PREVIEW);
    const after = blocks();
    expect(root.querySelector('.stage')).toBe(stage);
    expect(after.map((node, i) => node === before[i])).toEqual([true, false, true, true, true]);
    expect(after[1]!.textContent).toBe('Two minutes, freeX');
    expect(markup(root)).toBe(markup(draw({ layout: 'LightBoxB', forms }, PREVIEW).root));

    // A new selection: the block that loses the outline and the one that gets it.
    popup.update({ layout: 'LightBoxB', forms }, { ...PREVIEW, selected: 3 });
    expect(blocks().map((node, i) => node === after[i])).toEqual([true, false, true, false, true]);
    expect(markup(root)).toBe(markup(draw({ layout: 'LightBoxB', forms }, { ...PREVIEW, selected: 3 }).root));
  });

  it('draws the whole pop-up when more than its blocks changed', () => {
    const { root, popup } = draw({ layout: 'LightBoxB', forms: FORMS }, PREVIEW);
    const whole = (campaign: PopupCampaign, options: RenderOptions) => {
      const stage = root.querySelector('.stage');
      popup.update(campaign, options);
      expect(root.querySelector('.stage')).not.toBe(stage);
      expect(markup(root)).toBe(markup(draw(campaign, options).root));
    };
    whole({ layout: 'Sidebar', forms: FORMS }, PREVIEW);
    whole({ layout: 'Sidebar', forms: FORMS.slice(0, 4) }, PREVIEW);
    whole({ layout: 'Sidebar', forms: FORMS.slice(0, 4) }, { ...PREVIEW, device: 'mobile' });
    whole({ layout: 'Sidebar', forms: FORMS.slice(0, 4), images: { mobile: 'https://a.test/p.png' } }, PREVIEW);
    whole(
      { layout: 'Sidebar', forms: FORMS.slice(0, 4), style: null },
      { ...PREVIEW, viewport: { width: 800, height: 600 } },
    );
  });

  it('submits against the blocks of the latest update', () => {
    const onSubmit = vi.fn();
    const { root, popup } = draw({ layout: 'LightBoxB', forms: FORMS }, { device: 'desktop', onSubmit });
    const stage = root.querySelector('.stage');
    popup.update(
      { layout: 'LightBoxB', forms: edited(FORMS, 2, { required: false }) },
      { device: 'desktop', onSubmit },
    );
    expect(root.querySelector('.stage')).toBe(stage);
    root.querySelector<HTMLInputElement>('input[name=email]')!.value = 'lan@example.com';
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(onSubmit).toHaveBeenCalledWith({ name: '', email: 'lan@example.com' });
  });
});
