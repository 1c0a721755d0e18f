import { button, c, g } from './shared.js';

/* Styles of the buttons, keyed on their data-* states. */
g('.react-aria-Button, [data-button]', button);
g('.react-aria-Button[data-hovered], [data-button][data-hovered]', { background: c.surfaceMuted });
g('.react-aria-Button[data-pressed]', { background: c.selected });
g('.react-aria-Button[data-disabled]', { opacity: 0.55, cursor: 'not-allowed' });
g('[data-button=primary]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });
g('[data-button=primary][data-hovered]', { background: c.primaryHover });
g('[data-button=danger]', { background: c.danger, borderColor: c.danger, color: c.onDanger });
g('[data-button=link]', {
  border: 'none',
  background: 'transparent',
  color: c.primaryText,
  padding: 0,
  textDecoration: 'underline',
});
