import { vars } from '@lead/styles';
import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { NAV_WIDTH, TOP_BAR } from './nav.css.js';

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

const NARROW = 'screen and (max-width: 1023.98px)';
const PHONE = 'screen and (max-width: 599.98px)';
export const frame = style({
  display: 'grid',
  gridTemplateColumns: `${NAV_WIDTH} minmax(0, 1fr)`,
  minHeight: '100vh',
  '@media': { [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'auto 1fr' } },
});
export const main = style({
  padding: vars.space.xl,
  minWidth: 0,
  outline: 'none',
  '@media': { [PHONE]: { padding: vars.space.lg } },
});
export const link = style({ color: vars.color.primaryText, fontSize: vars.fontSize.sm });
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
export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.strong,
  lineHeight: vars.lineHeight.tight,
  outline: 'none',
  '@media': { [PHONE]: { fontSize: vars.fontSize.lg } },
});
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
/**
 * The loading overlay: it appears only for calls slower than 200 ms, so quick ones don't flash.
 * It covers the page's content, never the navigation, which stays usable while a call loads.
 */
export const loading = style({
  position: 'fixed',
  inset: 0,
  zIndex: 300,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(0,0,0,0.15)',
  animation: `${appear} 150ms 200ms both`,
});
export const loadingContent = style({
  insetInlineStart: NAV_WIDTH,
  '@media': { [NARROW]: { insetInlineStart: 0, top: TOP_BAR } },
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

/** A field of a few digits (days, a count): its box as wide as what it holds, its label and help as the form's. */
export const digitsField = style({});
globalStyle(`${digitsField} input`, { maxWidth: '8rem' });
/** A name typed beside its button: the field as wide as a name needs, the button next to it. */
export const nameField = style({ flex: '0 1 28rem', minWidth: 0 });
