import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

export const titleBlock = style({ minWidth: 0 });
export const titleLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const meta = style({
  display: 'flex',
  gap: vars.space.lg,
  flexWrap: 'wrap',
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.textMuted,
});
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.lg,
  margin: `0 0 ${vars.space.xl}`,
});
export const stat = style({
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.sm,
});
globalStyle(`${stat} dt`, { color: vars.color.textMuted });
globalStyle(`${stat} dt`, { fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
globalStyle(`${stat} dd`, {
  margin: `${vars.space.xs} 0 0`,
  // A figure stays whole on one line ('$250,037.50'): smaller in a narrow window's cards.
  fontSize: `clamp(1.125rem, 1.5vw, ${vars.fontSize.xl})`,
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.strong,
  fontVariantNumeric: vars.font.numeric,
});
export const sectionHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const section = style({ marginBottom: vars.space.xl });
export const targets = style({ margin: 0, paddingInlineStart: vars.space.lg });
export const warning = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
});
export const rangeTotals = style({
  display: 'flex',
  gap: vars.space.xl,
  flexWrap: 'wrap',
  margin: `${vars.space.sm} 0 ${vars.space.md}`,
});
globalStyle(`${rangeTotals} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm });
globalStyle(`${rangeTotals} dd`, {
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.strong,
  fontVariantNumeric: 'tabular-nums',
});
export const figure = style({ margin: 0 });
/** The chart's frame: the content's full width, one tab stop, the tooltip placed in it. */
export const chartFrame = style({
  position: 'relative',
  width: '100%',
  borderRadius: vars.radius.md,
  outlineOffset: '2px',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});
export const chart = style({ display: 'block', overflow: 'visible' });
const tip = {
  position: 'absolute',
  top: 0,
  transform: 'translateX(-50%)',
  maxWidth: '28rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
} as const;
export const chartTip = style(tip);
/** Empty and out of sight, kept in the page so that what it says next is announced. */
export const chartTipHidden = style({ ...tip, opacity: 0 });
/** What a group of figures covers: 'All time', or the chosen days' range. */
export const scope = style({
  margin: `${vars.space.xs} 0 ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
export const chartLabel = style({ fill: vars.color.text, fontSize: '12px', fontWeight: vars.fontWeight.strong });
export const chartTick = style({ fill: vars.color.textMuted, fontSize: '11px', fontVariantNumeric: 'tabular-nums' });
export const toggle = style({ selectors: { '&[data-selected]': { background: vars.color.selected } } });
/* The picker and the toggle's place while they load (the picker's label and field are 59 px high). */
export const chartControlsSpace = style({ minHeight: '59px' });
export const chartControls = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.md, flexWrap: 'wrap' });
/* The lead table's 'Duplicate' marker: words, with a border, never colour alone. */
export const duplicateTag = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});
/** A failed delivery's last answer, opened on demand: wraps within the cell. */
export const deliveryAnswer = style({ maxWidth: '40ch', fontSize: vars.fontSize.sm, whiteSpace: 'normal' });
globalStyle(`${deliveryAnswer} pre`, { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 });

/** A lead's deliveries in the lead table (issue #30). */
export const deliveries = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'nowrap',
  alignItems: 'center',
});
globalStyle(`${deliveries} > li`, { display: 'flex', gap: vars.space.xs, alignItems: 'center' });

/** A delivery's state as a badge named by its destination: coloured by state, said in words. */
export const deliveryBadge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  background: vars.status.inactive.background,
  color: vars.status.inactive.text,
  selectors: {
    '&[data-delivery=delivered]': { background: vars.status.active.background, color: vars.status.active.text },
    '&[data-delivery=retrying]': { background: vars.status.paused.background, color: vars.status.paused.text },
    '&[data-delivery=failed]': { background: vars.color.danger, color: vars.color.onDanger },
  },
});
globalStyle(`${deliveryBadge} strong`, { fontWeight: vars.fontWeight.strong });

/** 'Load more leads' under the lead table's box, apart from it. */
export const loadMore = style({ marginTop: vars.space.md });
/* Where visitors give up: per field, its label, a bar of the share who left there, the figures in words. */
export const dropoff = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});
globalStyle(`${dropoff} > li`, {
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 14rem) minmax(6rem, 12rem) 1fr',
  alignItems: 'center',
  gap: vars.space.md,
});
export const dropoffLabel = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const dropoffBar = style({
  display: 'block',
  height: '8px',
  borderRadius: vars.radius.round,
  background: vars.color.surfaceMuted,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  overflow: 'hidden',
});
globalStyle(`${dropoffBar} > span`, { display: 'block', height: '100%', background: vars.color.danger });
export const dropoffText = style({ color: vars.color.textMuted, fontVariantNumeric: vars.font.numeric });
