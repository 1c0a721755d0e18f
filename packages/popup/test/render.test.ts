import type { FormBlock } from '@lead/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderPopup, renderPreview, validateValues } from '../src/index.js';

const FORMS: FormBlock[] = [
  { name: 'Title', id: 1, data: { placeholder: 'Check your heart', align: 'center' } },
  { name: 'Text', id: 2, data: { value: 'name', placeholder: 'Full name', required: true } },
  { name: 'Email', id: 3, data: { value: 'email', placeholder: 'Email', required: true } },
  {
    name: 'Radio',
    id: 4,
    data: {
      value: 'gender',
      placeholder: 'Gender',
      listQuestion: [
        { value: '1', placeholder: 'Male' },
        { value: '0', placeholder: 'Female' },
      ],
    },
  },
  {
    name: 'Terms',
    id: 5,
    data: {
      value: 'terms',
      placeholder: 'https://a.test/terms\nhttps://a.test/privacy',
      valueHTML: '',
      required: true,
    },
  },
  { name: 'Submit', id: 6, data: { placeholder: 'Send' } },
];
const THANKS: FormBlock[] = [{ name: 'Title', id: 't', data: { placeholder: 'Cảm ơn bạn!' } }];

function mount(onSubmit = vi.fn(), preview = false) {
  const host = document.createElement('div');
  document.body.append(host);
  const popup = renderPopup(
    host,
    { layout: 'LightBoxB', forms: FORMS, thankYou: THANKS, showThankYou: true },
    { device: 'mobile', onSubmit, preview },
  );
  return { host, root: host.shadowRoot!, popup, onSubmit };
}

describe('renderPopup', () => {
  it('never emits a link or a source of another scheme, whatever it is handed', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const forms: FormBlock[] = [
      { name: 'LinkButton', id: 1, data: { placeholder: 'Join', url: 'javascript:alert(1)' } },
      { name: 'LinkButton', id: 2, data: { placeholder: 'Mail', url: 'mailto:care@a.test' } },
      { name: 'Image', id: 3, data: { placeholder: 'Banner', url: 'data:image/svg+xml,<svg onload=alert(1)>' } },
      { name: 'Image', id: 4, data: { placeholder: 'Ok', url: '/uploads/image/a.png' } },
      {
        name: 'Terms',
        id: 5,
        data: { value: 'tc', placeholder: 'javascript:alert(1)', valueHTML: 'I agree to *the terms*' },
      },
    ];
    renderPopup(
      host,
      { layout: 'LightBoxB', forms, thankYou: [], showThankYou: false },
      { device: 'desktop', onSubmit: vi.fn() },
    );
    const root = host.shadowRoot!;
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['#', 'mailto:care@a.test']);
    expect([...root.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['/uploads/image/a.png']);
    expect(root.innerHTML).not.toContain('javascript:');
  });

  it('renders the blocks into a shadow root, labelled, for the device and layout', () => {
    const { root } = mount();
    const popup = root.querySelector('.popup')!;
    expect(popup.getAttribute('data-layout')).toBe('LightBoxB');
    expect(popup.getAttribute('data-device')).toBe('mobile');
    expect(root.querySelector('h2')!.textContent).toBe('Check your heart');
    const name = root.querySelector<HTMLInputElement>('input[name=name]')!;
    expect(root.querySelector(`label[for="${name.id}"]`)!.textContent).toContain('Full name');
    expect(root.querySelector('input[name=email]')!.getAttribute('type')).toBe('email');
    expect(root.querySelectorAll('input[name=gender]')).toHaveLength(2);
    expect(root.querySelector('button[type=submit]')!.textContent).toBe('Send');
  });

  it('refuses a submit with missing or bad answers, says why next to each field, and focuses the first', () => {
    const { root, onSubmit } = mount();
    root.querySelector<HTMLInputElement>('input[name=email]')!.value = 'not-an-email';
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(onSubmit).not.toHaveBeenCalled();
    const error = (key: string) => root.querySelector(`[data-error-for=${key}]`)!;
    expect(error('name').textContent).toBe('Full name is required.');
    expect(error('email').textContent).toBe('Please enter a valid email address.');
    expect(error('terms').textContent).toBe('Please accept the terms.');
    expect(root.activeElement ?? document.activeElement).toBe(root.querySelector('input[name=name]'));
  });

  it('hands the valid answers to the callback and shows the thank-you view', () => {
    const { root, onSubmit } = mount();
    root.querySelector<HTMLInputElement>('input[name=name]')!.value = 'Lan';
    root.querySelector<HTMLInputElement>('input[name=email]')!.value = 'lan@example.com';
    root.querySelector<HTMLInputElement>('input[name=gender][value="0"]')!.checked = true;
    root.querySelector<HTMLInputElement>('input[name=terms]')!.checked = true;
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Lan', email: 'lan@example.com', gender: '0', terms: '1' });
    expect(root.querySelector('.popup')!.getAttribute('data-view')).toBe('thankyou');
    expect(root.querySelector('h2')!.textContent).toBe('Cảm ơn bạn!');
  });

  it('turns the T&C text between asterisks into links, escaping everything', () => {
    const host = document.createElement('div');
    renderPopup(
      host,
      {
        layout: 'LightBoxB',
        forms: [{ name: 'Terms', id: 1, data: { value: 'terms', placeholder: 'https://a.test/t', valueHTML: '' } }],
      },
      { device: 'desktop', preview: true },
    );
    const link = host.shadowRoot!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://a.test/t');
    expect(link.textContent).toBe('the terms');

    const evil = document.createElement('div');
    const text = '<img src=x onerror=alert(1)> I accept *the rules* and *privacy*';
    renderPopup(
      evil,
      {
        layout: 'LightBoxB',
        forms: [
          {
            name: 'Terms',
            id: 1,
            data: { value: 'terms', placeholder: 'https://a.test/r\nhttps://a.test/p', valueHTML: text },
          },
        ],
      },
      { device: 'desktop', preview: true },
    );
    const root = evil.shadowRoot!;
    expect(root.querySelector('img')).toBeNull();
    expect([...root.querySelectorAll('.terms a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['the rules', 'https://a.test/r'],
      ['privacy', 'https://a.test/p'],
    ]);
    expect(root.querySelector('.terms')!.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('numbers each block and outlines the selected one in a preview only', () => {
    const preview = document.createElement('div');
    const popup = renderPopup(
      preview,
      { layout: 'LightBoxB', forms: FORMS },
      { device: 'desktop', preview: true, selected: 2 },
    );
    const indexed = () => [...preview.shadowRoot!.querySelectorAll<HTMLElement>('[data-index]')];
    expect(indexed().map((n) => n.dataset.index)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(indexed().map((n) => n.style.outline.includes('dashed'))).toEqual([false, false, true, false, false, false]);
    expect(indexed()[2]!.querySelector('input')!.name).toBe('email');
    popup.update({ layout: 'LightBoxB', forms: FORMS }, { device: 'desktop', preview: true, selected: 0 });
    expect(indexed().map((n) => n.style.outline.includes('dashed'))).toEqual([true, false, false, false, false, false]);

    // A partner page: no index, no outline, whatever it is handed.
    const live = document.createElement('div');
    renderPopup(live, { layout: 'LightBoxB', forms: FORMS }, { device: 'desktop', selected: 2 });
    expect(live.shadowRoot!.querySelectorAll('[data-index]')).toHaveLength(0);
    expect(live.shadowRoot!.querySelectorAll('[style*=outline]')).toHaveLength(0);
  });

  it('re-renders with update and empties with destroy', () => {
    const { root, popup } = mount();
    popup.update({ layout: 'Sidebar', forms: FORMS }, { device: 'desktop', view: 'main' });
    expect(root.querySelector('.popup')!.getAttribute('data-layout')).toBe('Sidebar');
    popup.destroy();
    expect(root.childNodes).toHaveLength(0);
  });

  describe('the builder’s preview (renderPreview): an update that changes blocks only', () => {
    const html = (root: ShadowRoot) => root.innerHTML.replace(/lp\d+-/g, 'lp-');
    const retitled = (forms: FormBlock[], text: string) =>
      forms.map((b, i) => (i === 0 ? { ...b, data: { ...b.data, placeholder: text } } : b));
    const draw = (forms: FormBlock[], selected = 1) => {
      const host = document.createElement('div');
      const popup = renderPreview(host, { layout: 'Slider', forms }, { device: 'desktop', preview: true, selected });
      return { root: host.shadowRoot!, popup };
    };

    it('redraws the changed block alone, in its place, as a fresh drawing would show it', () => {
      const { root, popup } = draw(FORMS);
      const stage = root.lastElementChild;
      const [, second] = root.querySelectorAll('[data-index]');
      const forms = retitled(FORMS, 'Check your lungs');
      popup.update({ layout: 'Slider', forms }, { device: 'desktop', preview: true, selected: 1 });
      expect(root.lastElementChild).toBe(stage);
      expect(root.querySelectorAll('[data-index]')[1]).toBe(second);
      expect(root.querySelector('.title')!.textContent).toBe('Check your lungs');
      expect(root.querySelector('.title')!.getAttribute('tabindex')).toBe('-1');
      expect(html(root)).toBe(html(draw(forms).root));
    });

    it('draws everything again when anything else changes: the selection, the layout, the number of blocks', () => {
      const { root, popup } = draw(FORMS);
      const changes: Array<[FormBlock[], string, number]> = [
        [FORMS, 'Slider', 2],
        [FORMS, 'Sidebar', 2],
        [FORMS.slice(1), 'Sidebar', 2],
      ];
      for (const [forms, layout, selected] of changes) {
        const stage = root.lastElementChild;
        popup.update({ layout: layout as 'Slider', forms }, { device: 'desktop', preview: true, selected });
        expect(root.lastElementChild).not.toBe(stage);
        expect(root.querySelector('.popup')!.getAttribute('data-layout')).toBe(layout);
        expect(root.querySelectorAll('[data-index]')).toHaveLength(forms.length);
      }
    });

    it('checks a submit against the blocks as they are now, not as first drawn', () => {
      const onSubmit = vi.fn();
      const host = document.createElement('div');
      document.body.append(host);
      const options = { device: 'desktop', preview: true, onSubmit } as const;
      const popup = renderPreview(host, { layout: 'LightBoxB', forms: FORMS }, options);
      const optional = FORMS.map((b) => (b.data.required ? { ...b, data: { ...b.data, required: false } } : b));
      const stage = host.shadowRoot!.lastElementChild;
      popup.update({ layout: 'LightBoxB', forms: optional }, options);
      expect(host.shadowRoot!.lastElementChild).toBe(stage);
      host.shadowRoot!.querySelector('form')!.requestSubmit();
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });
  });

  it("gives a browser without constructed stylesheets one <style> element, with the page's nonce", () => {
    // jsdom has no adoptedStyleSheets, as Safari before 16.4 (Chromium's path is the partner suite's).
    const host = document.createElement('div');
    document.body.append(host);
    const popup = renderPopup(host, { layout: 'LightBoxB', forms: FORMS }, { device: 'desktop', nonce: 'n0nce' });
    popup.update({ layout: 'LightBoxB', forms: FORMS }, { device: 'desktop', nonce: 'n0nce' });
    const styles = host.shadowRoot!.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.getAttribute('nonce')).toBe('n0nce');
  });
});

describe('validateValues', () => {
  it('checks required fields, emails, phones and numbers, and ignores the hidden Tel', () => {
    const forms: FormBlock[] = [
      { name: 'Phone', id: 1, data: { value: 'phone', required: true } },
      { name: 'Number', id: 2, data: { value: 'age', placeholder: 'Age' } },
      { name: 'Tel', id: 3, data: { value: 'tel', required: true } },
    ];
    expect(validateValues(forms, { phone: 'abc', age: 'x' })).toEqual({
      phone: 'Please enter a valid phone number.',
      age: 'Age must be a number.',
    });
    expect(validateValues(forms, { phone: '+84 912 345 678', age: '31' })).toEqual({});
  });
});
