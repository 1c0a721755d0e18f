import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the filters, keyed on their data-* states. */
g('[data-tag-input]', { display: 'flex', flexDirection: 'column', gap: vars.space.xs });
g('.react-aria-Tag', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  background: c.selected,
  color: c.text,
  outline: 'none',
});
g('.react-aria-TagList', { display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
g('.react-aria-Tag .react-aria-Button', {
  minHeight: '20px',
  padding: '0 4px',
  border: 'none',
  background: 'transparent',
});
g('[data-checkbox-menu-button][data-all]', { color: c.text });

g('[data-tag-input-entry]', { display: 'flex', gap: vars.space.xs });
g('[data-tag-input-note]', { color: c.textMuted, fontSize: vars.fontSize.sm });

/* CheckboxPicker: a long list in a popover dialog, searched, each option with its "only" button. */
g('[data-checkbox-picker-button]', { whiteSpace: 'nowrap', maxWidth: '16rem' });
g('[data-checkbox-picker-summary]', { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 });
g('[data-checkbox-picker]', {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  minWidth: '16rem',
  outline: 'none',
});
g('[data-checkbox-picker-options]', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
g('[data-checkbox-picker-option]', {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: vars.space.sm,
});
g('[data-checkbox-picker-description]', {
  gridColumn: '1',
  gridRow: '2',
  paddingInlineStart: '24px',
  color: c.textMuted,
  fontSize: vars.fontSize.sm,
});
g('[data-checkbox-picker-only]', {
  gridColumn: '2',
  gridRow: '1',
  minHeight: '24px',
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: c.primaryText,
  border: 'none',
  background: 'transparent',
});
g('[data-checkbox-picker-empty]', { margin: 0, color: c.textMuted, fontSize: vars.fontSize.sm });
