import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

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
/* The words beside the icon: they may shrink below their longest word, which wraps (a long URL or name). */
export const body = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const user = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/* The entry's words, as the server wrote them; a status word in them is the list's badge (@lead/styles). */
export const text = style({ lineHeight: 1.6 });
globalStyle(`${text} [data-status-badge]`, { height: '20px', verticalAlign: 'baseline', marginInline: '1px' });
