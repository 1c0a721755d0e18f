import { DEFAULT_POPUP_STYLE, SYSTEM_FONT_STACK, type FormBlock, type Layout, type PopupStyle } from '@lead/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPopup } from '../src/index.js';
import { addFont } from '../src/fonts.js';
import { styleVars } from '../src/style.js';
import { STYLES } from '../src/styles.js';

const FORMS: FormBlock[] = [
  { name: 'Title', id: 1, data: { placeholder: 'Khám tim miễn phí' } },
  { name: 'Email', id: 2, data: { value: 'email', placeholder: 'Email', required: true } },
  { name: 'Submit', id: 3, data: { placeholder: 'Gửi' } },
];
const STYLE: PopupStyle = {
  ...DEFAULT_POPUP_STYLE,
  brand: '#b0306a',
  text: '#222222',
  background: '#fff8e7',
  font: 'sarabun',
  buttonShape: { radius: 20, fill: 'outline' },
  backdrop: 30,
  closePosition: 'left',
  edge: 'top',
};

function draw(layout: Layout, style?: PopupStyle, live = true) {
  const host = document.createElement('div');
  document.body.append(host);
  renderPopup(
    host,
    { layout, forms: FORMS, style },
    {
      device: 'desktop',
      ...(live
        ? { live: { modal: layout.startsWith('LightBox'), onClose: vi.fn(), base: 'https://lead.test' } }
        : { preview: true }),
    },
  );
  const root = host.shadowRoot!;
  return { stage: root.querySelector<HTMLElement>('.stage')!, popup: root.querySelector<HTMLElement>('.popup')! };
}

const leadProps = (node: HTMLElement) => [...node.style].filter((p) => p.startsWith('--lead-'));

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('a campaign without a style', () => {
  it.each<Layout>(['LightBoxB', 'Floating', 'InlineA'])(
    '%s: sets no custom property and no style attribute',
    (layout) => {
      const { stage, popup } = draw(layout);
      expect(leadProps(stage)).toEqual([]);
      for (const a of ['data-styled', 'data-close', 'data-fill', 'data-edge'])
        expect(popup.hasAttribute(a), a).toBe(false);
    },
  );

  it("the stylesheet's fallbacks are today's look: the default style's values", () => {
    const defaults = styleVars(DEFAULT_POPUP_STYLE);
    const norm = (v: string) => {
      const hex = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(v);
      if (hex) return `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`;
      return /^\.\d+$/.test(v) ? String(Number(v)) : v;
    };
    const uses = [...STYLES.matchAll(/var\((--lead-[a-z]+),([^)]*(?:\([^)]*\))?[^)]*)\)/g)].map(
      (m) => [m[1]!, m[2]!] as const,
    );
    expect(uses.length).toBeGreaterThan(10);
    for (const [name, fallback] of uses) {
      if (name === '--lead-font') continue;
      expect(norm(fallback), name).toBe(defaults[name]);
    }
    expect(STYLES).toContain(`font:15px/1.45 var(--lead-font,${SYSTEM_FONT_STACK})`);
    expect(defaults['--lead-font']).toBe(SYSTEM_FONT_STACK);
  });
});

describe('a campaign with a style', () => {
  it('sets its colours, font, radius and backdrop as custom properties on the stage', () => {
    const { stage } = draw('LightBoxB', STYLE);
    expect(Object.fromEntries(leadProps(stage).map((p) => [p, stage.style.getPropertyValue(p)]))).toEqual({
      '--lead-brand': '#b0306a',
      '--lead-text': '#222222',
      '--lead-muted': '#222222',
      '--lead-bg': '#fff8e7',
      '--lead-font': `"Lead Sarabun",${SYSTEM_FONT_STACK}`,
      '--lead-radius': '20px',
      '--lead-backdrop': '0.3',
    });
  });

  it('keeps the muted subtitle colour with the default text colour', () => {
    expect(styleVars({ ...STYLE, text: DEFAULT_POPUP_STYLE.text })['--lead-muted']).toBe('#4a5364');
  });

  it('the same in the builder’s preview', () => {
    const { stage } = draw('LightBoxB', STYLE, false);
    expect(stage.style.getPropertyValue('--lead-brand')).toBe('#b0306a');
    expect(stage.hasAttribute('data-preview')).toBe(true);
  });

  it('puts Close on the left, outlines the buttons, and moves only the Floating bar to the top', () => {
    const floating = draw('Floating', STYLE).popup;
    expect(floating.dataset).toMatchObject({ styled: '', close: 'left', fill: 'outline', edge: 'top' });
    const slider = draw('Slider', STYLE).popup;
    expect(slider.dataset.edge).toBeUndefined();
    const bottom = draw('Floating', { ...STYLE, edge: 'bottom', closePosition: 'right' }).popup;
    expect(bottom.dataset.edge).toBeUndefined();
    expect(bottom.dataset.close).toBeUndefined();
  });

  it('the stylesheet places a top Floating bar at the top, and Close on the left', () => {
    expect(STYLES).toContain('.popup[data-layout=Floating][data-edge=top]{top:0;bottom:auto;');
    expect(STYLES).toContain('.popup[data-close=left]>.close{left:8px;right:auto}');
    expect(STYLES).toContain(
      '.popup[data-fill=outline] .button{background:var(--lead-bg,#fff);color:var(--lead-brand,#1d4fc4)}',
    );
  });
});

describe('the font', () => {
  function fakeFonts() {
    const faces: Array<{ family: string; source: string; descriptors: FontFaceDescriptors }> = [];
    const doc = document.implementation.createHTMLDocument('page');
    const FontFace = class {
      constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
        faces.push({ family, source, descriptors });
      }
    };
    Object.defineProperty(doc, 'defaultView', { value: { FontFace } });
    Object.defineProperty(doc, 'fonts', { value: { add: vi.fn() } });
    return { doc, faces };
  }

  it('is added to the page only when chosen, once, from our server, each subset with its range', () => {
    const { doc, faces } = fakeFonts();
    addFont(doc, 'system', 'https://lead.test');
    expect(faces).toEqual([]);
    addFont(doc, 'sarabun', 'https://lead.test');
    addFont(doc, 'sarabun', 'https://lead.test');
    expect(faces).toHaveLength(8);
    expect(faces.every((f) => f.family === 'Lead Sarabun')).toBe(true);
    expect(faces.map((f) => f.source)).toContain(
      'url(https://lead.test/embed/v1/fonts/sarabun-thai-700-normal.woff2) format("woff2")',
    );
    const thai = faces.find((f) => f.source.includes('thai-400'))!;
    expect(thai.descriptors).toMatchObject({ weight: '400', display: 'swap' });
    expect(thai.descriptors.unicodeRange).toContain('U+0E01-0E5B');
    addFont(doc, 'noto-sans', 'https://lead.test');
    expect(faces.slice(8).map((f) => f.family)).toEqual([
      'Lead Noto Sans',
      'Lead Noto Sans',
      'Lead Noto Sans',
      'Lead Noto Sans Thai',
    ]);
  });

  it('does nothing where the browser has no FontFace', () => {
    const doc = document.implementation.createHTMLDocument('page');
    expect(() => addFont(doc, 'sarabun', '')).not.toThrow();
  });
});
