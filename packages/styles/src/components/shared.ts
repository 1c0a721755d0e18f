import { globalStyle, type GlobalStyleRule } from '@vanilla-extract/css';
import { vars } from '../contract.css.js';
import { scoped } from './scope.js';

export { SCOPE } from './scope.js';

/** A global rule for our components only (see SCOPE). */
export const g = (selector: string, rule: GlobalStyleRule): void => globalStyle(scoped(selector), rule);
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
