import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

export const exportBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const progress = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  gap: `${vars.space.xs} ${vars.space.md}`,
  minWidth: '260px',
});
globalStyle(`${progress} [data-value-label]`, {
  justifySelf: 'end',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});
export const track = style({
  gridColumn: '1 / -1',
  height: '8px',
  borderRadius: vars.radius.round,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.control}`,
  overflow: 'hidden',
});
export const fill = style({ height: '100%', background: vars.color.primary });
/** What the file holds (the campaign list's export: its Performance range, or all time). */
export const exportRange = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/** The Breakdown section (Breakdown.tsx): as the detail page's sections, on the detail page and under the campaign list. */
export const breakdownSection = style({ marginBottom: vars.space.xl });
export const breakdownHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
