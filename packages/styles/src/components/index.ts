/*
 * Styles for @lead/headless, one file per component, keyed on the data-* attributes and
 * react-aria's state attributes (data-hovered, data-focus-visible, data-selected...). They are
 * global but every selector names a component's own data attribute, so nothing else on the page
 * is touched. Popovers and dialogs render at the end of <body>: put the theme class on <html>.
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
