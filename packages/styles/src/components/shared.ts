import { globalStyle } from '@vanilla-extract/css';
import { vars } from '../contract.css.js';

/** Shorthands shared by the component style files. */
export const g = globalStyle;
export const c = vars.color;
export const focusRing = { outline: `2px solid ${c.focus}`, outlineOffset: '2px' };

/** A button's look, shared by buttons and toggle buttons. */
export const button = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${c.control}`,
  borderRadius: vars.radius.md,
  background: c.surface,
  color: c.text,
  font: 'inherit',
  cursor: 'pointer',
  transition: `background ${vars.motion.duration} ${vars.motion.easing}`,
} as const;
