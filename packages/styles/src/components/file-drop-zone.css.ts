import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the file drop zone, keyed on their data-* states. */
g('[data-file-drop-zone]', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  border: `2px dashed ${c.control}`,
  borderRadius: vars.radius.md,
  background: c.surface,
  textAlign: 'center',
});
g('[data-file-drop-zone][data-drop-target]', { borderColor: c.primary, background: c.selected });
g('[data-file-drop-zone][data-invalid]', { borderColor: c.danger });
g('[data-drop-hint]', { margin: 0, color: c.textMuted, fontSize: vars.fontSize.sm });
g('[data-drop-errors] ul', { margin: 0, paddingInlineStart: vars.space.lg, textAlign: 'start' });
