import { LAYOUTS, type Layout } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { LAYOUT_PURPOSES, layoutLimits, limitsText } from './layout-guide.js';

describe('what the Template step says of each layout before it is chosen', () => {
  it.each<[Layout, string[]]>([
    ['Floating', ['Desktop and Mobile', 'no thank-you view']],
    ['Tab', ['Desktop and Mobile', 'no thank-you view', 'picture 75×75']],
    ['SkinA', ['Desktop and Mobile', 'no thank-you view']],
    ['SkinB', ['Desktop and Mobile', 'no thank-you view']],
    ['CenterTab', ['Desktop and Mobile', 'no thank-you view']],
    [
      'LightBoxA',
      [
        'a picture and a link button only, no form fields',
        'Desktop and Mobile',
        'no thank-you view',
        'picture 375×250',
      ],
    ],
    ['LightBoxB', ['Desktop and Mobile', 'a thank-you view']],
    ['InlineA', ['Desktop and Mobile', 'a thank-you view', 'shown On Scroll, no trigger choice']],
    ['InlineB', ['Desktop and Mobile', 'a thank-you view', 'shown On Scroll, no trigger choice']],
    ['Fullscreen', ['Desktop only', 'a thank-you view', 'picture 1980×1080']],
    ['Sidebar', ['Desktop only', 'a thank-you view']],
    ['Slider', ['Desktop only', 'a thank-you view']],
  ])('%s: %j', (layout, limits) => {
    expect(layoutLimits(layout)).toEqual(limits);
  });

  it('says the limits as one sentence, its first word capitalised', () => {
    expect(limitsText('LightBoxA')).toBe(
      'A picture and a link button only, no form fields; Desktop and Mobile; no thank-you view; picture 375×250.',
    );
    expect(limitsText('Sidebar')).toBe('Desktop only; a thank-you view.');
  });

  it('gives every layout a purpose of one sentence', () => {
    for (const layout of LAYOUTS) expect(LAYOUT_PURPOSES[layout]).toMatch(/^[A-Z][^.]*\.$/);
  });
});
