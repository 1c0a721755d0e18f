import { vars } from '@lead/styles';
import { style } from '@vanilla-extract/css';

export const entry = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
export const icon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  flex: 'none',
  borderRadius: vars.radius.round,
  background: vars.color.surfaceMuted,
  color: vars.color.primary,
});
export const user = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
