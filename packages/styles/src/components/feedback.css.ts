import { keyframes } from '@vanilla-extract/css';
import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the toast, timeline, loading, keyed on their data-* states. */
g('[data-toast-region]', {
  position: 'fixed',
  insetBlockEnd: vars.space.lg,
  insetInlineEnd: vars.space.lg,
  zIndex: 200,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  outline: 'none',
});
g('[data-toast]', {
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  minWidth: '280px',
  maxWidth: '420px',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: c.surface,
  color: c.text,
  boxShadow: vars.shadow.overlay,
  borderInlineStart: `4px solid ${c.primary}`,
});
g('[data-toast][data-tone=success]', { borderInlineStartColor: c.success });
g('[data-toast][data-tone=error]', { borderInlineStartColor: c.danger });
g('[data-toast][data-tone=warning]', { borderInlineStartColor: c.warningText });
g('[data-toast-content]', { display: 'flex', flexDirection: 'column', flex: 1 });
g('[data-toast-content] [slot=title]', { fontWeight: vars.fontWeight.strong });
g('[data-toast-close]', { border: 'none', minHeight: '24px', padding: '0 6px' });
g('[data-timeline]', { listStyle: 'none', margin: 0, padding: 0, borderInlineStart: `2px solid ${c.border}` });
g('[data-timeline-item]', { position: 'relative', padding: `${vars.space.sm} ${vars.space.lg}` });
g('[data-timeline-item]::before', {
  content: '""',
  position: 'absolute',
  insetInlineStart: '-7px',
  top: '14px',
  width: '12px',
  height: '12px',
  borderRadius: vars.radius.round,
  background: c.primary,
});
g('[data-timeline-time]', { color: c.textMuted, fontSize: vars.fontSize.sm });
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
g('[data-loading-overlay][data-loading] > [data-loading-content]', { opacity: 0.45 });
g('[data-loading-indicator]', { position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' });
g('[data-loading-indicator]::before', {
  content: '""',
  width: '36px',
  height: '36px',
  border: `4px solid ${c.border}`,
  borderTopColor: c.primary,
  borderRadius: vars.radius.round,
  animation: `${spin} 0.8s linear infinite`,
});
g('[data-timeline-empty]', { color: c.textMuted });
