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
/* stableHeight: the panels share one grid cell, the unselected ones (inert) unseen, so the tabs are as tall as the tallest. */
g('[data-tabs][data-stable-height]', { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' });
g('[data-tabs][data-stable-height] > [data-tab-list]', { gridRow: '1' });
g('[data-tabs][data-stable-height] > [data-tab-panel]', { gridRow: '2', gridColumn: '1', minWidth: 0 });
g('[data-tabs][data-stable-height] > [data-tab-panel][data-inert]', { visibility: 'hidden' });
