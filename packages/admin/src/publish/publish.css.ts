import { vars } from '@lead/styles';
import { style } from '@vanilla-extract/css';

export const section = style({
  marginBottom: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  // A campaign's name may be one long word: it wraps rather than push the page sideways on a phone.
  overflowWrap: 'anywhere',
});
export const state = style({ margin: 0, fontWeight: vars.fontWeight.strong });
export const warning = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warningText}`,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const rivals = style({ margin: `${vars.space.xs} 0 0`, paddingInlineStart: vars.space.lg });
