import { vars } from '@lead/styles';
import { globalStyle, keyframes, style } from '@vanilla-extract/css';

// The admin's own layout sizes borders in (the theme does so only inside data-lead, which #root carries too).
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const frame = style({ display: 'grid', gridTemplateColumns: '88px 1fr', minHeight: '100vh' });
export const sidebar = style({
  position: 'sticky',
  top: 0,
  height: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.lg} ${vars.space.sm}`,
  background: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.border}`,
});
export const logo = style({ fontWeight: 700, fontSize: vars.fontSize.lg, color: vars.color.primaryText, textDecoration: 'none' });
export const initials = style({ width: '44px', height: '44px', borderRadius: vars.radius.round, fontWeight: vars.fontWeight.strong });
export const links = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'center' });
export const link = style({ color: vars.color.primaryText, fontSize: vars.fontSize.sm });
export const main = style({ padding: vars.space.xl, minWidth: 0, outline: 'none' });
export const authMain = style({ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: vars.space.lg });
export const card = style({
  width: 'min(420px, 100%)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
});
export const pageHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  flexWrap: 'wrap',
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, outline: 'none' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-end', flexWrap: 'wrap' });
export const muted = style({ color: vars.color.textMuted });
export const skip = style([
  visuallyHidden,
  {
    selectors: {
      '&:focus': {
        position: 'fixed',
        top: vars.space.sm,
        left: vars.space.sm,
        width: 'auto',
        height: 'auto',
        clip: 'auto',
        padding: vars.space.sm,
        background: vars.color.surface,
        zIndex: 500,
      },
    },
  },
]);

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
/** The loading overlay: it appears only for calls slower than 200 ms, so quick ones don't flash. */
export const loading = style({
  position: 'fixed',
  inset: 0,
  zIndex: 300,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(0,0,0,0.15)',
  animation: `${appear} 150ms 200ms both`,
});
export const spinner = style({
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `4px solid ${vars.color.surface}`,
  borderTopColor: vars.color.primary,
  animation: `${keyframes({ to: { transform: 'rotate(360deg)' } })} 0.8s linear infinite`,
});
globalStyle(`${card} h1`, { margin: 0 });
