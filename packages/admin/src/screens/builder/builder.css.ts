import { vars } from '@lead/styles';
import { style } from '@vanilla-extract/css';

export const step = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  margin: `${vars.space.lg} 0`,
  boxShadow: vars.shadow.raised,
});
export const stepTitle = style({ marginTop: 0, fontSize: vars.fontSize.lg });
export const nav = style({ display: 'flex', justifyContent: 'space-between' });
export const headerActions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const row = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-end', flexWrap: 'wrap' });
export const list = style({
  listStyle: 'none',
  margin: `${vars.space.md} 0`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const listItem = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });
export const design = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr)',
  gap: vars.space.xl,
  alignItems: 'start',
});
export const preview = style({
  margin: 0,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  minHeight: '300px',
  overflow: 'auto',
});
export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const excluding = style({ paddingInlineStart: vars.space.lg });
export const imageGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
  gap: vars.space.md,
});
export const imageField = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
