import { keyframes } from '@vanilla-extract/css';
import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the dialogs, keyed on their data-* states. */
g('[data-modal-overlay]', {
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'grid',
  placeItems: 'center',
  background: c.overlay,
});
g('[data-modal]', {
  width: 'min(560px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  background: c.surface,
  color: c.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.overlay,
});
g('[data-dialog]', {
  outline: 'none',
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
g('[data-dialog-header]', {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
});
g('[data-dialog-title]', { margin: 0, fontSize: vars.fontSize.lg });
g('[data-dialog-close]', {
  border: 'none',
  minHeight: '28px',
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
});
g('[data-dialog-footer]', { display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
g('[data-modal-overlay][data-entering]', { animation: `${fadeIn} ${vars.motion.duration} ${vars.motion.easing}` });
