import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});
export const colour = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
export const swatch = style({
  flex: '0 0 auto',
  width: '2rem',
  height: '2rem',
  marginTop: '1.5rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.control}`,
});
export const warnings = style({ margin: 0, paddingInlineStart: vars.space.lg, color: vars.color.warningText });
export const slider = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const sliderHead = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });
export const track = style({ position: 'relative', height: '1.5rem', width: '100%' });
globalStyle(`${track}::before`, {
  content: '""',
  position: 'absolute',
  insetInline: 0,
  top: '50%',
  height: '4px',
  marginTop: '-2px',
  borderRadius: vars.radius.round,
  background: vars.color.control,
});
export const thumb = style({
  top: '50%',
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.round,
  background: vars.color.primary,
  border: `2px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-dragging]': { background: vars.color.primaryHover },
  },
});
