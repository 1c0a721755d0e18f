import { vars } from '../contract.css.js';
import { c, focusRing, g } from './shared.js';

/* Styles of the block palette, keyed on their data-* states. */
g('[data-block-palette]', { display: 'grid', gridTemplateColumns: 'minmax(160px, 220px) 1fr', gap: vars.space.lg });
g('[data-block-palette][data-palette-end]', { gridTemplateColumns: '1fr minmax(160px, 220px)' });
g('[data-block-palette][data-palette-hidden]', { gridTemplateColumns: '1fr' });
g('.react-aria-GridList', {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${c.border}`,
  borderRadius: vars.radius.md,
  background: c.surface,
  outline: 'none',
});
g('.react-aria-GridList[data-drop-target]', { outline: `2px dashed ${c.primary}`, outlineOffset: '-2px' });
g('.react-aria-GridListItem', {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${c.border}`,
  borderRadius: vars.radius.sm,
  background: c.surface,
  outline: 'none',
});
g('.react-aria-GridListItem[data-selected]', { borderColor: c.primary, background: c.selected });
g('.react-aria-GridListItem[data-dragging]', { opacity: 0.5 });
g('.react-aria-GridListItem[data-focus-visible]', focusRing);
g('[data-palette-item][data-refused]', { color: c.textMuted });
g('[data-drag-handle]', {
  border: 'none',
  minHeight: '24px',
  padding: '0 4px',
  cursor: 'grab',
  background: 'transparent',
});
g('[data-block-content]', { flex: 1, minWidth: 0 });
g('.react-aria-DropIndicator[data-drop-target]', { outline: `1px solid ${c.primary}` });
g('[data-canvas-empty]', { padding: vars.space.xl, textAlign: 'center', color: c.textMuted });
g('[data-palette-group]', { display: 'flex', flexDirection: 'column', gap: vars.space.xs });
g('[data-palette-group] + [data-palette-group]', { marginTop: vars.space.sm });
g('[data-palette-group-label]', {
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: c.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  padding: `${vars.space.xs} ${vars.space.xs} 0`,
});
g('[data-palette-icon]', { display: 'inline-flex', color: c.primary, flex: 'none' });
g('[data-palette-icon] svg', { width: '18px', height: '18px' });
