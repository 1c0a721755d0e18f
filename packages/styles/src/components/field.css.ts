import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the fields, keyed on their data-* states. */
g('[data-field]', { display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
g('[data-field] > .react-aria-Label', { fontWeight: vars.fontWeight.strong });
g('[data-field][data-required] > .react-aria-Label::after', { content: '" *"', color: c.dangerText });
g('.react-aria-Input, .react-aria-TextArea, [data-field] input:not([type=checkbox]):not([type=radio])', {
  minHeight: '34px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${c.control}`,
  borderRadius: vars.radius.md,
  background: c.surface,
  color: c.text,
  font: 'inherit',
});
g('.react-aria-Input[data-invalid], .react-aria-TextArea[data-invalid]', { borderColor: c.danger });
g('.react-aria-Input[data-disabled]', { background: c.surfaceMuted, color: c.textMuted });
// A select's button reads as a field: its value at the start, the chevron at the end, however wide.
g('.react-aria-Button[data-select-button]', { justifyContent: 'space-between', textAlign: 'start' });
g('[data-field] [slot=description]', { color: c.textMuted, fontSize: vars.fontSize.sm });
g('[data-field-error], .react-aria-FieldError', { color: c.dangerText, fontSize: vars.fontSize.sm });
// A search field has one clear button, ours: the browser's own one of type=search is hidden.
g('[data-search-field] input::-webkit-search-cancel-button', {
  WebkitAppearance: 'none',
  appearance: 'none',
  display: 'none',
});
