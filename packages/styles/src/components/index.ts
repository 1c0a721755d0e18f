/*
 * Styles for @lead/headless, one file per component, keyed on the data-* attributes and
 * react-aria's state attributes (data-hovered, data-focus-visible, data-selected...). Every rule
 * is limited to what is inside a `data-lead` mark (shared.ts `g`), so nothing else on the page is
 * touched, not even another react-aria component. Popovers and dialogs render at the end of <body>: put the theme class on <html>.
 */
export { base } from './base.css.js';
import './button.css.js';
import './field.css.js';
import './choice.css.js';
import './overlay.css.js';
import './dialog.css.js';
import './tabs.css.js';
import './table.css.js';
import './pagination.css.js';
import './column-set.css.js';
import './filters.css.js';
import './stepper.css.js';
import './date-range-picker.css.js';
import './block-palette.css.js';
import './file-drop-zone.css.js';
import './feedback.css.js';
import './badge.css.js';
