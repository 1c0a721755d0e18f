import { style } from '@vanilla-extract/css';
import { vars } from '../contract.css.js';
import { c, focusRing, g } from './shared.js';

/*
 * Styles for @lead/headless, keyed on the data-* attributes and react-aria's state attributes
 * (data-hovered, data-focus-visible, data-selected, data-disabled...), each limited to what is
 * inside a `data-lead` mark (shared.ts), so nothing else on the page is touched. Popovers and
 * dialogs render at the end of <body>: put the theme class on <html> or <body>.
 */

/** Base text and colours: put on <body> (or the app's root). */
export const base = style({
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: c.text,
  background: c.background,
});

g('*, *::before, *::after', { boxSizing: 'border-box' });
// Figures (table cells, totals, stats, pagination): every digit the same width, so numbers line up.
g('[data-figures], .react-aria-Cell, [data-pagination]', { fontVariantNumeric: vars.font.numeric });
g('[data-rac]:focus-visible, [data-focus-visible]', focusRing);
g('[data-rac][data-focused]:not([data-focus-visible])', { outline: 'none' });

// Reduced motion for our components only; the host page's own animations are its own business.
g('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
