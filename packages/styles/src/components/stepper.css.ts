import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the stepper, keyed on their data-* states. */
g('[data-stepper-list]', {
  display: 'flex',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  flexWrap: 'wrap',
});
g('[data-step-button]', { border: 'none', background: 'transparent', gap: vars.space.sm });
g('[data-step-number]', {
  display: 'inline-grid',
  placeItems: 'center',
  width: '24px',
  height: '24px',
  borderRadius: vars.radius.round,
  border: `1.5px solid ${c.control}`,
  fontSize: vars.fontSize.sm,
});
g('[data-step][data-current] [data-step-number]', {
  background: c.primary,
  borderColor: c.primary,
  color: c.onPrimary,
});
g('[data-step][data-complete] [data-step-number]', { borderColor: c.success, color: c.text });
g('[data-step][data-current] [data-step-label]', { fontWeight: vars.fontWeight.strong, color: c.primaryText });
g('[data-stepper-nav]', { display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });
