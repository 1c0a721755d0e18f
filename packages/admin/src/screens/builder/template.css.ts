import { vars } from '@lead/styles';
import { style } from '@vanilla-extract/css';

/*
 * The Template step: a regular grid of equal cards, each a layout drawn by the pop-up renderer on a
 * laptop's page scaled down to the card (--stage-scale, set from the card's width), its name on one
 * line, its purpose and its limits. The chosen card has an outline and a tick; the focused one a
 * focus ring outside it.
 */

/** The laptop page each card shows, in CSS pixels (the renderer's desktop preview stage). */
export const STAGE = { width: 1280, height: 800 } as const;

export const layouts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
  gap: vars.space.md,
  '@media': { 'screen and (max-width: 40rem)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.control },
    '&[data-selected]': {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
      background: vars.color.selected,
    },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** The scaled page: as wide as the card, in the laptop's proportions. */
export const stageFrame = style({
  position: 'relative',
  display: 'block',
  aspectRatio: `${STAGE.width} / ${STAGE.height}`,
  overflow: 'hidden',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: '#fafaf7',
  pointerEvents: 'none',
});

export const stageHost = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: `${STAGE.width}px`,
  height: `${STAGE.height}px`,
  overflow: 'hidden',
  transformOrigin: '0 0',
  transform: 'scale(var(--stage-scale, 0.2))',
});

export const nameRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
});

export const name = style({
  fontWeight: vars.fontWeight.strong,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

/** The tick: drawn only on the chosen card (its outline says it too). */
export const tick = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.round,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});

export const purpose = style({ margin: 0, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.tight });

export const limits = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.textMuted,
});
