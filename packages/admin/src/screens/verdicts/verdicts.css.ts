import { vars } from '@lead/styles';
import { style } from '@vanilla-extract/css';

export const leads = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const lead = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const leadTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const details = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
