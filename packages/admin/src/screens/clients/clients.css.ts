import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

export const back = style({
  display: 'inline-block',
  marginBottom: vars.space.sm,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
});
export const titleBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const titleLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const panel = style({
  background: vars.color.surface,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  minWidth: 0,
  '@media': { 'screen and (max-width: 600px)': { padding: vars.space.md } },
});
export const sections = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const note = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  marginBottom: vars.space.md,
});
/** A request or answer excerpt in the attempts log, folded. */
export const excerpt = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxWidth: '48ch',
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
});

// A section's title sits at the panel's top, not a paragraph below it.
globalStyle(`${panel} h2`, { margin: 0, fontSize: vars.fontSize.lg });
// Four tabs do not fit a phone's width: they scroll sideways, each on one line, rather than wrap.
globalStyle(`${panel} [data-tab-list]`, { overflowX: 'auto', scrollbarWidth: 'thin' });
globalStyle(`${panel} [data-tab]`, { whiteSpace: 'nowrap' });
