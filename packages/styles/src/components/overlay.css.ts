import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the popovers, menus, listboxes, tooltips, keyed on their data-* states. */
g('.react-aria-Popover', {
  background: c.surface,
  color: c.text,
  border: `1px solid ${c.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.overlay,
  minWidth: 'var(--trigger-width)',
  maxHeight: '60vh',
  overflow: 'auto',
});
g('.react-aria-Menu, .react-aria-ListBox', { padding: vars.space.xs, outline: 'none' });
g('.react-aria-MenuItem, .react-aria-ListBoxItem', {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
});
g('.react-aria-MenuItem[data-focused], .react-aria-ListBoxItem[data-focused]', { background: c.selected });
g('.react-aria-MenuItem[data-disabled], .react-aria-ListBoxItem[data-disabled]', {
  color: c.textMuted,
  cursor: 'not-allowed',
});
g('.react-aria-MenuItem[data-selection-mode=multiple]::before', {
  content: '""',
  width: '14px',
  height: '14px',
  border: `1.5px solid ${c.control}`,
  borderRadius: vars.radius.sm,
  flex: 'none',
});
g('.react-aria-MenuItem[data-selection-mode=multiple][data-selected]::before', {
  background: c.primary,
  borderColor: c.primary,
});
g('.react-aria-ListBoxItem[data-selected]', { fontWeight: vars.fontWeight.strong });
g('.react-aria-ListBoxItem [slot=description]', { color: c.textMuted, fontSize: vars.fontSize.sm });
g('.react-aria-MenuItem [slot=description]', {
  color: c.textMuted,
  fontSize: vars.fontSize.sm,
  marginInlineStart: vars.space.sm,
});
g('.react-aria-Separator', { height: '1px', background: c.border, margin: `${vars.space.xs} 0`, border: 'none' });
g('[data-tooltip]', {
  background: c.text,
  color: c.surface,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  maxWidth: '280px',
});
