import type { FormBlock } from '@lead/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderPopup, type PopupCampaign, type RenderOptions } from '../src/index.js';

const IMAGES = {
  mobile: '/uploads/image/m.png',
  desktop: '/uploads/image/d.png',
  background: '/uploads/image/bg.png',
  overlayMobile: '/uploads/image/om.png',
  overlayDesktop: '/uploads/image/od.png',
  thankYou: '/uploads/image/ty.png',
};
const LINKS = {
  mobile: { url: 'https://a.test/m', newtab: true },
  overlayDesktop: { url: 'https://a.test/od', newtab: false },
  thankYou: { url: 'https://a.test/ty', newtab: true },
  background: { url: 'https://a.test/bg', newtab: false },
  overlayMobile: { url: 'javascript:alert(1)', newtab: true },
};
const FORMS: FormBlock[] = [{ name: 'Title', id: 1, data: { placeholder: 'Hello' } }];

function mount(over: Partial<PopupCampaign>, options: RenderOptions) {
  const host = document.createElement('div');
  document.body.append(host);
  renderPopup(
    host,
    {
      layout: 'LightBoxB',
      forms: FORMS,
      thankYou: FORMS,
      showThankYou: true,
      images: IMAGES,
      imageLinks: LINKS,
      ...over,
    },
    options,
  );
  return host.shadowRoot!;
}
const pictures = (root: ShadowRoot) =>
  [...root.querySelectorAll<HTMLElement>('[data-picture]')].map((p) => {
    const a = p.closest('a') ?? (p.tagName === 'A' ? p : null);
    return [
      p.dataset.picture,
      p.querySelector('img')?.getAttribute('src') ?? p.getAttribute('src'),
      a?.getAttribute('href') ?? null,
      a?.getAttribute('target') ?? null,
    ];
  });

describe('every stored picture is shown, with its link', () => {
  it('on a phone: the mobile picture with its link in a new tab, and the mobile overlay over it (its javascript: link dropped)', () => {
    const root = mount({}, { device: 'mobile', preview: true });
    expect(pictures(root)).toEqual([
      ['background', null, 'https://a.test/bg', null],
      ['mobile', '/uploads/image/m.png', 'https://a.test/m', '_blank'],
      ['overlayMobile', '/uploads/image/om.png', null, null],
    ]);
    expect(root.querySelector('a[href="https://a.test/m"]')!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.querySelector<HTMLElement>('.popup')!.style.backgroundImage).toContain('/uploads/image/bg.png');
    expect(root.innerHTML).not.toContain('javascript:');
  });

  it('on a desktop: the desktop picture and overlay, the overlay linked in the same tab', () => {
    const root = mount({}, { device: 'desktop' });
    expect(pictures(root).slice(1)).toEqual([
      ['desktop', '/uploads/image/d.png', null, null],
      ['overlayDesktop', '/uploads/image/od.png', 'https://a.test/od', null],
    ]);
  });

  it('the thank-you view shows the thank-you picture and its link', () => {
    const root = mount({}, { device: 'mobile', view: 'thankyou' });
    expect(pictures(root).slice(1)).toEqual([['thankYou', '/uploads/image/ty.png', 'https://a.test/ty', '_blank']]);
  });

  it('an overlay alone still shows; no pictures, no media and no background', () => {
    expect(
      pictures(mount({ images: { overlayMobile: '/uploads/image/om.png' }, imageLinks: {} }, { device: 'mobile' })),
    ).toEqual([['overlayMobile', '/uploads/image/om.png', null, null]]);
    const bare = mount({ images: {}, imageLinks: {} }, { device: 'mobile' });
    expect(bare.querySelector('.media')).toBeNull();
    expect(bare.querySelector<HTMLElement>('.popup')!.style.backgroundImage).toBe('');
  });
});

describe('the Image block is a picture and a link', () => {
  it('shows its picture, linked where its link goes (new tab as chosen); an older block keeps its picture', () => {
    const forms: FormBlock[] = [
      {
        name: 'Image',
        id: 1,
        data: { placeholder: 'Banner', value: '/uploads/image/b.png', url: 'https://a.test/go', newtab: false },
      },
      { name: 'Image', id: 2, data: { placeholder: 'Old', url: '/uploads/image/old.png' } },
      {
        name: 'Image',
        id: 3,
        data: { placeholder: 'Bad link', value: '/uploads/image/c.png', url: 'not a link at all', newtab: true },
      },
    ];
    const root = mount({ forms, images: {}, imageLinks: {} }, { device: 'mobile' });
    const images = [...root.querySelectorAll<HTMLImageElement>('img.image')];
    expect(
      images.map((i) => [
        i.getAttribute('src'),
        i.alt,
        i.closest('a')?.getAttribute('href') ?? null,
        i.closest('a')?.getAttribute('target') ?? null,
      ]),
    ).toEqual([
      ['/uploads/image/b.png', 'Banner', 'https://a.test/go', null],
      ['/uploads/image/old.png', 'Old', null, null],
      ['/uploads/image/c.png', 'Bad link', null, null],
    ]);
  });
});

describe('what else the pop-up shows', () => {
  it('a block of a name it does not know shows nothing', () => {
    const forms = [...FORMS, { name: 'SubmitButton', id: 9, data: { placeholder: 'Submit' } } as unknown as FormBlock];
    const root = mount({ forms }, { device: 'mobile' });
    expect(root.querySelector('input')).toBeNull();
    expect(root.textContent).not.toContain('Submit');
  });

  it('a date is typed as DD/MM/YYYY and handed on as YYYY-MM-DD', () => {
    const onSubmit = vi.fn();
    const forms: FormBlock[] = [
      { name: 'Date', id: 1, data: { value: 'birthday', placeholder: 'Birthday', required: true } },
      { name: 'Submit', id: 2, data: { placeholder: 'Send' } },
    ];
    const root = mount({ forms, images: {} }, { device: 'mobile', onSubmit, preview: true });
    const input = root.querySelector<HTMLInputElement>('input[name=birthday]')!;
    expect([input.type, input.placeholder]).toEqual(['text', 'DD/MM/YYYY']);
    input.value = '31/02/1990';
    root.querySelector('form')!.requestSubmit();
    expect(onSubmit).not.toHaveBeenCalled();
    input.value = '7/3/1990';
    root.querySelector('form')!.requestSubmit();
    expect(onSubmit).toHaveBeenCalledWith({ birthday: '1990-03-07' });
  });
});
