import { vars } from '@lead/styles';
import { style } from '@vanilla-extract/css';

/** A phone's width: the menu goes above the panel, its sections side by side, the panel gets the width. */
const PHONE = 'screen and (max-width: 599.98px)';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(180px, 220px) 1fr',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md } },
});
export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [PHONE]: { flexDirection: 'row', flexWrap: 'wrap' } },
});
export const menuLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[aria-current=page]': {
      background: vars.color.selected,
      color: vars.color.primaryText,
      fontWeight: vars.fontWeight.strong,
    },
  },
});
export const panel = style({
  background: vars.color.surface,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  minWidth: 0,
  '@media': { [PHONE]: { padding: vars.space.md } },
});
export const avatarRow = style({ display: 'flex', gap: vars.space.lg, alignItems: 'center' });
export const avatar = style({ width: '72px', height: '72px', borderRadius: '50%', objectFit: 'cover' });
export const avatarEmpty = style([avatar, { background: vars.color.surfaceMuted, display: 'inline-block' }]);
export const toolbar = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});
export const grow = style({ flex: 1 });
export const readOnly = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: 0 });
export const readOnlyItem = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const readOnlyLabel = style({ fontWeight: vars.fontWeight.strong });
export const readOnlyValue = style({ margin: 0, overflowWrap: 'anywhere' });
/** A webhook's secret, shown once (DELIVERY tab). */
export const secretBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  marginBottom: vars.space.md,
});
export const secretValue = style({ fontFamily: 'monospace', overflowWrap: 'anywhere', userSelect: 'all' });
