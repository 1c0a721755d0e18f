import type { FormBlock, Layout } from '@lead/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderPopup } from '../src/index.js';
import type { RenderOptions } from '../src/render.js';

const FORMS: FormBlock[] = [
  { name: 'Title', id: 1, data: { placeholder: 'Check your heart' } },
  { name: 'Text', id: 2, data: { value: 'name', placeholder: 'Full name' } },
  { name: 'Submit', id: 3, data: { placeholder: 'Send' } },
];

function mount(layout: Layout, options: RenderOptions, images = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  renderPopup(host, { layout, forms: FORMS, images }, options);
  const root = host.shadowRoot!;
  return { root, stage: root.querySelector<HTMLElement>('.stage')!, popup: root.querySelector<HTMLElement>('.popup')! };
}

describe('the stage a layout is placed on', () => {
  it("is, in the builder's preview, the size of the page previewed on, with the pop-up on it", () => {
    const desktop = mount('Slider', { device: 'desktop', preview: true });
    expect([desktop.stage.style.width, desktop.stage.style.height]).toEqual(['1280px', '800px']);
    expect(desktop.popup.parentElement).toBe(desktop.stage);
    const phone = mount('LightBoxB', { device: 'mobile', preview: true });
    expect([phone.stage.style.width, phone.stage.style.height]).toEqual(['390px', '844px']);
    const given = mount('Floating', { device: 'desktop', preview: true, viewport: { width: 1024, height: 700 } });
    expect([given.stage.style.width, given.stage.style.height]).toEqual(['1024px', '700px']);
  });

  it('puts an inline pop-up after the 2nd paragraph of the sketched article, which grows with it', () => {
    const { stage, popup } = mount('InlineA', { device: 'desktop', preview: true });
    expect(popup.previousElementSibling).toBe(stage.querySelectorAll('.page > i')[1]);
    expect(stage.style.height).toBe('');
    expect(stage.style.minHeight).toBe('800px');
  });

  it("is see-through on the builder's copy of the site's page: no sketch, the viewport's size, an inline one the article's width", () => {
    const over = mount('Slider', { device: 'desktop', preview: true, sketch: false });
    expect(over.stage.querySelector('.page')).toBeNull();
    expect(over.stage.dataset.bare).toBe('');
    expect([over.stage.style.width, over.stage.style.height]).toEqual(['1280px', '800px']);
    expect(over.popup.parentElement).toBe(over.stage);
    const inline = mount('InlineB', { device: 'mobile', preview: true, sketch: false });
    expect(inline.stage.querySelector('.page')).toBeNull();
    expect([inline.stage.style.width, inline.stage.style.minHeight]).toEqual(['', '']);
    expect(inline.popup.parentElement).toBe(inline.stage);
    // Blocks can still be picked in it.
    expect(inline.popup.querySelector('[data-index="0"]')).not.toBeNull();
  });

  it('is the window on a partner page: no sketch, no size of its own', () => {
    const { stage, popup } = mount('Sidebar', { device: 'desktop', live: { modal: false, onClose: vi.fn() } });
    expect(stage.querySelector('.page')).toBeNull();
    expect(stage.style.width).toBe('');
    expect(popup.parentElement).toBe(stage);
  });

  it('gives a modal layout a backdrop, and the others none', () => {
    expect(
      mount('LightBoxB', { device: 'desktop', live: { modal: true, onClose: vi.fn() } }).stage.querySelector(
        '.backdrop',
      ),
    ).not.toBeNull();
    expect(
      mount('Slider', { device: 'desktop', live: { modal: false, onClose: vi.fn() } }).stage.querySelector('.backdrop'),
    ).toBeNull();
  });

  it("frames a skin with the device's picture: rails at both sides, and Skin B's band across the top", () => {
    const images = { desktop: 'https://cdn.test/d.png', mobile: 'https://cdn.test/m.png' };
    const a = mount('SkinA', { device: 'desktop', preview: true }, images);
    expect(
      [...a.stage.querySelectorAll('.rail')].map((r) => [
        r.getAttribute('data-side'),
        r.querySelector('img')?.getAttribute('src'),
      ]),
    ).toEqual([
      ['left', images.desktop],
      ['right', images.desktop],
    ]);
    const b = mount('SkinB', { device: 'mobile', preview: true }, images);
    expect(
      [...b.stage.querySelectorAll('.rail')].map((r) => [
        r.getAttribute('data-side'),
        r.querySelector('img')?.getAttribute('src'),
      ]),
    ).toEqual([
      ['left', images.mobile],
      ['right', images.mobile],
      ['top', images.mobile],
    ]);
  });
});

describe('a tab layout on a partner page', () => {
  for (const layout of ['Tab', 'CenterTab'] as const) {
    it(`${layout}: shows its tab, opens to the form and folds back to the tab on Close; the tab's own Close dismisses it`, () => {
      const onClose = vi.fn();
      const { root, popup } = mount(layout, { device: 'desktop', live: { modal: false, onClose } });
      const tab = root.querySelector<HTMLButtonElement>('.tab')!;
      expect(tab.textContent).toBe('Check your heart');
      expect([popup.hidden, tab.getAttribute('aria-expanded'), tab.getAttribute('aria-controls')]).toEqual([
        true,
        'false',
        popup.id,
      ]);
      tab.click();
      expect([popup.hidden, tab.closest<HTMLElement>('.tabs')!.hidden, tab.getAttribute('aria-expanded')]).toEqual([
        false,
        true,
        'true',
      ]);
      expect(root.activeElement?.getAttribute('name')).toBe('name');
      popup.querySelector<HTMLButtonElement>('.close')!.click();
      expect([popup.hidden, tab.closest<HTMLElement>('.tabs')!.hidden]).toEqual([true, false]);
      expect(root.activeElement).toBe(tab);
      expect(onClose).not.toHaveBeenCalled();
      root.querySelector<HTMLButtonElement>('.tabs .close')!.click();
      expect(onClose).toHaveBeenCalledOnce();
    });
  }

  it('shows the picture on the tab, named by the title, when there is one', () => {
    const { root } = mount(
      'Tab',
      { device: 'mobile', live: { modal: false, onClose: vi.fn() } },
      { mobile: 'https://cdn.test/tab.png' },
    );
    const img = root.querySelector('.tab img')!;
    expect([img.getAttribute('src'), img.getAttribute('alt')]).toEqual([
      'https://cdn.test/tab.png',
      'Check your heart',
    ]);
  });

  it('is open in the preview, with no tab', () => {
    const { root, popup } = mount('Tab', { device: 'desktop', preview: true });
    expect(popup.hidden).toBe(false);
    expect(root.querySelector('.tab')).toBeNull();
  });
});
