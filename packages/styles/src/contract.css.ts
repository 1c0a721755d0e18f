import { createGlobalThemeContract } from '@vanilla-extract/css';
import { propertyName } from './names.js';

/**
 * The theme's variables, as CSS custom properties with stable names (`--lead-color-primary`,
 * `--lead-font-size-sm`...), so that a theme can be written in plain CSS with no build plugin. A
 * theme fills every one; components read only these. The list: docs/components/Theme.md.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      background: null,
      surface: null,
      surfaceMuted: null,
      text: null,
      textMuted: null,
      border: null,
      /** Borders of form controls: 3:1 against the surface (WCAG non-text contrast). */
      control: null,
      primary: null,
      primaryHover: null,
      onPrimary: null,
      /** Links and primary-coloured text: 4.5:1 against background and surface. */
      primaryText: null,
      danger: null,
      onDanger: null,
      dangerText: null,
      success: null,
      onSuccess: null,
      warningText: null,
      selected: null,
      focus: null,
      overlay: null,
    },
    space: { xs: null, sm: null, md: null, lg: null, xl: null },
    radius: { sm: null, md: null, lg: null, round: null },
    font: { body: null, mono: null },
    fontSize: { sm: null, md: null, lg: null, xl: null },
    fontWeight: { normal: null, strong: null },
    lineHeight: { body: null, tight: null },
    shadow: { raised: null, overlay: null },
    motion: { duration: null, easing: null },
  },
  (_value, path) => propertyName(path),
);
