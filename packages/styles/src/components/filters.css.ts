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
