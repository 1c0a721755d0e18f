import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const terms = style({
  margin: `${vars.space.lg} 0 0`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const termsTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md });
export const shown = style({ margin: `0 0 ${vars.space.sm}` });
export const hash = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const urls = style({ margin: 0, paddingInlineStart: vars.space.lg });
