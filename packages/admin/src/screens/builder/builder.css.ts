import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

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
/** The canvas beside the side panel from 1024 px on; above it on narrower windows. */
const WIDE = 'screen and (min-width: 1024px)';
export const design = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [WIDE]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(340px, 0.8fr)' } },
});
/** The canvas column stays in view while the side panel scrolls (sticky, from 1024 px on). */
export const canvas = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  '@media': { [WIDE]: { position: 'sticky', top: vars.space.md, alignSelf: 'start' } },
});
export const toolbar = style({ display: 'flex', gap: vars.space.lg, alignItems: 'flex-end', flexWrap: 'wrap' });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const preview = style({
  margin: 0,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  minHeight: '200px',
  overflow: 'auto',
});
/** The side panel: the campaign's name, the selected block's fields, the Style section, the blocks, the pictures. */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
  containerType: 'inline-size',
});
export const sectionHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const blocks = style({});
/*
 * In a wide panel the block list and the palette share it evenly: a row of the list ("Title: Check
 * your heart" with its handle and Remove) keeps to one line, and the palette's groups show two
 * blocks a row. In a narrower panel the list sits above the palette, the width of the panel.
 */
globalStyle(`${blocks}[data-block-palette][data-palette-end]`, {
  gridTemplateColumns: 'minmax(17rem, 1fr) minmax(20rem, 1fr)',
  '@container': { '(max-width: 639.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
globalStyle(`${blocks}[data-block-palette][data-palette-hidden]`, { gridTemplateColumns: 'minmax(0, 1fr)' });
globalStyle(`${blocks} [data-palette-group]`, {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
});
globalStyle(`${blocks} [data-palette-group-label]`, { gridColumn: '1 / -1' });
// A palette block of 150 px keeps its name in the small size on one line ("WhatsApp OTP" is the
// longest): its handle, icon and name sit closer than a list row's. Should a name not fit, it
// wraps onto a second line rather than losing its end.
globalStyle(`${blocks} [data-palette-item]`, { gap: vars.space.xs });
globalStyle(`${blocks} [data-palette-item] [data-drag-handle]`, { paddingInline: '2px' });
globalStyle(`${blocks} [data-palette-label]`, {
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.25,
  overflowWrap: 'anywhere',
});
export const blockRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
export const editorTitle = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
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
