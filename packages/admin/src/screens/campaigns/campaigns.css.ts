import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

/* One line at 1280 × 800 and wider (the sidebar's button beside it); narrower, it wraps. */
export const toolbar = style({
  display: 'flex',
  gap: `${vars.space.sm} ${vars.space.sm}`,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});
/*
 * The search field as the Performance picker beside it: its label above, the field and its clear
 * button under it; a sixth of a wide window, 11rem at least (one line at 1280 px, the sidebar open too).
 */
export const search = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.xs,
  width: 'clamp(11rem, 16vw, 20rem)',
});
/* The sidebar's search: the same field, as wide as the sidebar. */
export const sidebarSearch = style([search, { width: '100%' }]);
globalStyle(`${search} > .react-aria-Label`, { gridColumn: '1 / -1' });
globalStyle(`${search} > input`, { width: '100%', minWidth: 0 });
/* Names, sites, clients and dates keep to one line: the row stays one line high (at most 48 px). */
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
export const oneLine = style({ ...ellipsis, display: 'block', maxWidth: '7.5rem' });
export const nameCell = style({ display: 'flex', minWidth: '8rem', maxWidth: 'clamp(10rem, 14vw, 28rem)' });
export const nameText = style({ ...ellipsis, minWidth: 0 });
export const nameLink = style({
  ...ellipsis,
  minWidth: 0,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    // The whole name while the link has keyboard focus: it widens over the next cells.
    '&:focus-visible': {
      overflow: 'visible',
      position: 'relative',
      zIndex: 1,
      background: vars.color.surface,
      boxShadow: vars.shadow.md,
      paddingInline: vars.space.xs,
    },
  },
});
export const code = style({
  whiteSpace: 'nowrap',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  minHeight: '24px',
  padding: `0 ${vars.space.xs}`,
});
/* Over the table: the totals at its start, the column set at its end. */
export const tableBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.sm} 0`,
});
/* Its line is there before the figures come, so the table does not move down when they do. */
export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: 0,
  color: vars.color.textMuted,
  minHeight: '1.5em',
  fontVariantNumeric: vars.font.numeric,
});
globalStyle(`${totals} > span`, { whiteSpace: 'nowrap' });
/* The Performance picker's place, of its final size, while its code loads after the first rows. */
export const performanceSlot = style({
  minWidth: '266px',
  minHeight: '59px',
  display: 'flex',
  alignItems: 'flex-end',
  // On a phone the toolbar wraps anyway: no empty place held while the picker loads.
  '@media': { 'screen and (max-width: 599.98px)': { minWidth: 0, minHeight: 0 } },
});
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
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space.md} ${vars.space.lg}`,
  alignItems: 'start',
});
export const main = style({ minWidth: 0 });
/* Closed, the sidebar is its button, one line as tall as the toolbar's; open, a 200 px column. */
export const sidebar = style({ width: 'max-content', selectors: { '&[data-open]': { width: '200px' } } });
export const sidebarToggle = style({ width: '100%', whiteSpace: 'nowrap', gap: vars.space.sm });
export const flags = style({ fontSize: vars.fontSize.sm });
export const sidebarPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  maxHeight: '70vh',
  overflow: 'auto',
});
export const tree = style({
  listStyle: 'none',
  margin: 0,
  paddingInlineStart: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const treeDescription = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/* An option of the tree and its "only" (as in the toolbar's pickers), which shows on hover and focus. */
export const treeOption = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  columnGap: vars.space.xs,
});
// A long label (a site and its description) wraps beside its box, which keeps its size.
globalStyle(`${treeOption} [data-checkbox]`, { alignItems: 'flex-start' });
globalStyle(`${treeOption} [data-checkbox-box]`, { flexShrink: 0 });
export const only = style({
  minHeight: '24px',
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  opacity: 0,
  selectors: {
    [`${treeOption}:hover > &, ${treeOption}:focus-within > &, &[data-focus-visible]`]: { opacity: 1 },
  },
  '@media': { '(hover: none)': { opacity: 1 } },
});
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
/* The Report view's goal: a thin bar of the share reached, before the words. */
export const goal = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
export const goalBar = style({
  display: 'inline-block',
  width: '48px',
  height: '6px',
  borderRadius: vars.radius.round,
  background: vars.color.surfaceMuted,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  overflow: 'hidden',
});
globalStyle(`${goalBar} > span`, { display: 'block', height: '100%', background: vars.color.accent });
globalStyle(`${goalBar}[data-reached] > span`, { background: vars.color.success });
/* The devices a campaign shows on, as icons named by their words. */
export const devices = style({
  display: 'inline-flex',
  gap: vars.space.xs,
  verticalAlign: 'middle',
  color: vars.color.textMuted,
});
/* The filters in force, as removable chips, then Clear filters. */
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBlock: vars.space.sm,
});
export const chipList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '20rem',
  padding: `2px ${vars.space.sm}`,
  border: `1px solid ${vars.color.control}`,
  borderRadius: vars.radius.round,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const chipText = style({ ...ellipsis, minWidth: 0 });
globalStyle(`${chip} button`, {
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  padding: 0,
  minWidth: '20px',
  minHeight: '20px',
  fontSize: vars.fontSize.md,
  lineHeight: 1,
});
export const selectionNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/* The empty list: the spec's words with no campaign at all, or that the filters match none. */
export const emptyTitle = style({ margin: 0, fontWeight: vars.fontWeight.medium });
