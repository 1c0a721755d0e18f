import { vars } from '../contract.css.js';
import { button, c, g } from './shared.js';

/* Styles of the toggles (column sets), keyed on their data-* states. */
g('[data-column-set-switch]', { display: 'inline-flex' });
g('[data-column-set-switch] .react-aria-ToggleButton', { ...button, borderRadius: 0 });
g('[data-column-set-switch] .react-aria-ToggleButton:first-child', {
  borderStartStartRadius: vars.radius.md,
  borderEndStartRadius: vars.radius.md,
});
g('[data-column-set-switch] .react-aria-ToggleButton:last-child', {
  borderStartEndRadius: vars.radius.md,
  borderEndEndRadius: vars.radius.md,
});
g('[data-column-set-switch] .react-aria-ToggleButton[data-selected]', {
  background: c.primary,
  borderColor: c.primary,
  color: c.onPrimary,
});
