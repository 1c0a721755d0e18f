import { vars } from '@lead/styles';
import { style } from '@vanilla-extract/css';

export const toolbar = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: vars.space.md });
export const grow = style({ flex: 1 });
export const nameCell = style({ display: 'block', minWidth: '10rem', maxWidth: '18rem', overflowWrap: 'anywhere' });
export const nameLink = style({ color: vars.color.primaryText, fontWeight: vars.fontWeight.strong });
export const code = style({ whiteSpace: 'nowrap', fontFamily: vars.font.mono, minHeight: '24px', padding: `0 ${vars.space.sm}` });
export const status = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&[data-status="1"]': { background: vars.color.selected, color: vars.color.primaryText } },
});
/* Its line is there before the figures come, so the table does not move down when they do. */
export const totals = style({ display: 'flex', gap: vars.space.xl, margin: `${vars.space.sm} 0`, color: vars.color.textMuted, minHeight: '1.5em' });
/* The Performance picker's place, of its final size, while its code loads after the first rows. */
export const performanceSlot = style({ minWidth: '266px', minHeight: '59px', display: 'flex', alignItems: 'flex-end' });
/* Where the pagination will be, while the first page loads. */
export const paginationSpace = style({ minHeight: '48px' });
export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginTop: vars.space.md });
export const empty = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md });
export const badge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '20px',
  height: '20px',
  borderRadius: vars.radius.round,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
});
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const menus = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const variantRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end' });
export const layout = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: vars.space.lg, alignItems: 'start' });
export const main = style({ minWidth: 0 });
export const sidebar = style({ width: '120px', selectors: { '&[data-open]': { width: '200px' } } });
export const sidebarToggle = style({ width: '100%', flexDirection: 'column', padding: vars.space.sm, height: 'auto' });
export const flags = style({ fontSize: vars.fontSize.sm });
export const sidebarPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  maxHeight: '70vh',
  overflow: 'auto',
});
export const tree = style({ listStyle: 'none', margin: 0, paddingInlineStart: vars.space.md, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const treeDescription = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const selectionBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  padding: vars.space.sm,
  marginBottom: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
});
