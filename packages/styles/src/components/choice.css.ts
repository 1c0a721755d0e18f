import { vars } from '../contract.css.js';
import { c, focusRing, g } from './shared.js';

/* Styles of the checkbox, radio, switch, keyed on their data-* states. */
g('[data-checkbox], [data-radio], [data-switch]', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  cursor: 'pointer',
});
g('[data-checkbox-box]', {
  display: 'inline-grid',
  placeItems: 'center',
  width: '18px',
  height: '18px',
  border: `1.5px solid ${c.control}`,
  borderRadius: vars.radius.sm,
  background: c.surface,
  color: c.onPrimary,
  fontSize: '12px',
  lineHeight: 1,
});
g('[data-selected] > [data-checkbox-box], [data-indeterminate] > [data-checkbox-box]', {
  background: c.primary,
  borderColor: c.primary,
});
g(
  '[data-checkbox][data-focus-visible] > [data-checkbox-box], [data-radio][data-focus-visible] > [data-radio-dot], [data-switch][data-focus-visible] > [data-switch-track]',
  focusRing,
);
g('[data-checkbox][data-focus-visible], [data-radio][data-focus-visible], [data-switch][data-focus-visible]', {
  outline: 'none',
});
g('[data-radio-dot]', {
  width: '18px',
  height: '18px',
  border: `1.5px solid ${c.control}`,
  borderRadius: vars.radius.round,
  background: c.surface,
});
g('[data-radio][data-selected] > [data-radio-dot]', {
  borderColor: c.primary,
  boxShadow: `inset 0 0 0 4px ${c.surface}`,
  background: c.primary,
});
g('[data-radio-items], [data-checkbox-group-items]', { display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
g('[data-switch-track]', {
  position: 'relative',
  width: '34px',
  height: '20px',
  borderRadius: vars.radius.round,
  background: c.control,
  transition: `background ${vars.motion.duration}`,
});
g('[data-switch-thumb]', {
  position: 'absolute',
  top: '3px',
  left: '3px',
  width: '14px',
  height: '14px',
  borderRadius: vars.radius.round,
  background: c.surface,
  transition: `transform ${vars.motion.duration} ${vars.motion.easing}`,
});
g('[data-switch][data-selected] [data-switch-track]', { background: c.primary });
g('[data-switch][data-selected] [data-switch-thumb]', { transform: 'translateX(14px)' });
