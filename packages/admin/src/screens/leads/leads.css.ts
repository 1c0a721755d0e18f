import { vars } from '@lead/styles';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

export const filterBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBlockEnd: vars.space.md,
});
export const field = style({ minWidth: '200px' });
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBlockEnd: vars.space.md,
});
export const chipList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  border: `1px solid ${vars.color.control}`,
  borderRadius: vars.radius.round,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focus}` } },
});
globalStyle(`${chip} button`, {
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  padding: 0,
  fontSize: vars.fontSize.md,
  lineHeight: 1,
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  marginBlockEnd: vars.space.sm,
});
export const pager = style({
  display: 'flex',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
  marginBlockStart: vars.space.md,
});
export const empty = style({ display: 'grid', justifyItems: 'start', gap: vars.space.sm, padding: vars.space.lg });

const badgeBase = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  border: '1px solid transparent',
  whiteSpace: 'nowrap',
});
/** A delivery state: its word, and a colour that repeats it (never the colour alone). */
export const badge = styleVariants({
  delivered: [badgeBase, { background: vars.color.success, color: vars.color.onSuccess }],
  failed: [badgeBase, { background: vars.color.danger, color: vars.color.onDanger }],
  retrying: [
    badgeBase,
    { borderColor: vars.color.control, color: vars.color.warningText, background: vars.color.surface },
  ],
  pending: [
    badgeBase,
    { borderColor: vars.color.control, color: vars.color.text, background: vars.color.surfaceMuted },
  ],
  none: [badgeBase, { color: vars.color.textMuted }],
});
export const duplicateTag = style([badgeBase, { borderColor: vars.color.border, color: vars.color.text }]);
export const dateSlot = style({ minWidth: '266px', minHeight: '59px' });
/** A cell that keeps its text on one line (a date, a phone number). */
export const oneLine = style({ whiteSpace: 'nowrap' });
/** A name, a campaign, an address: one line, cut with an ellipsis past its width, whole on hover. */
export const clipped = style({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: 'clamp(7rem, 12vw, 16rem)',
});
