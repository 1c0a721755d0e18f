import { vars } from '../contract.css.js';
import { c, focusRing, g } from './shared.js';

/* Styles of the tabs, keyed on their data-* states. */
g('[data-tab-list]', { display: 'flex', gap: vars.space.xs, borderBottom: `1px solid ${c.border}` });
g('[data-tab]', {
  padding: `${vars.space.sm} ${vars.space.md}`,
  cursor: 'pointer',
  color: c.textMuted,
  borderBottom: '2px solid transparent',
  outline: 'none',
});
g('[data-tab][data-selected]', {
  color: c.primaryText,
  borderBottomColor: c.primary,
  fontWeight: vars.fontWeight.strong,
});
g('[data-tab][data-focus-visible]', focusRing);
g('[data-tab-panel]', { paddingTop: vars.space.md, outline: 'none' });
