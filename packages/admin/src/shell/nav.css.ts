import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

/** The navigation's width on wide screens; below 1024 px it is a top bar of TOP_BAR height. */
export const NAV_WIDTH = '224px';
export const TOP_BAR = '56px';
const NARROW = 'screen and (max-width: 1023.98px)';

export const nav = style({
  position: 'sticky',
  top: 0,
  zIndex: 310,
  height: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  '@media': {
    [NARROW]: { height: TOP_BAR, borderInlineEnd: 0, borderBottom: `1px solid ${vars.color.border}` },
  },
});
export const top = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: TOP_BAR,
  flex: 'none',
  padding: `0 ${vars.space.lg}`,
});
export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineEnd: 'auto',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
});
export const logoMark = style({ flex: 'none', fill: vars.color.accent, stroke: vars.color.onAccent });
globalStyle(`${logoMark} path`, { fill: 'none', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' });
export const menuToggle = style({ gap: vars.space.xs });
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  '@media': {
    [NARROW]: {
      position: 'fixed',
      top: TOP_BAR,
      bottom: 0,
      insetInlineStart: 0,
      width: 'min(300px, 100vw)',
      background: vars.color.surface,
      boxShadow: vars.shadow.lg,
    },
  },
  selectors: { '&[hidden]': { display: 'none' } },
});
export const scrim = style({ position: 'fixed', inset: `${TOP_BAR} 0 0 0`, background: vars.color.overlay });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&[aria-current=page]': {
      background: vars.color.selected,
      color: vars.color.accentText,
      fontWeight: vars.fontWeight.strong,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});
export const foot = style({
  marginTop: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const user = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.xs}`,
  minWidth: 0,
});
export const initials = style({
  width: '36px',
  height: '36px',
  minHeight: '36px',
  padding: 0,
  flex: 'none',
  borderRadius: vars.radius.round,
  fontWeight: vars.fontWeight.strong,
  fontSize: vars.fontSize.sm,
});
export const userName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.medium,
});
