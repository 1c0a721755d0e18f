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
      /** Semantic names (the accent is the primary colour under its design-system name). */
      accent: null,
      accentHover: null,
      onAccent: null,
      accentText: null,
      warning: null,
      onWarning: null,
      successText: null,
      info: null,
      onInfo: null,
      infoText: null,
      selected: null,
      focus: null,
      overlay: null,
    },
    /**
     * A campaign status's badge: its text on its background, 4.5:1. One entry per status of the
     * contract's CampaignStatus (Inactive, Active, Paused, Draft, Schedule, Expired, AB Test).
     */
    status: {
      active: { background: null, text: null },
      inactive: { background: null, text: null },
      paused: { background: null, text: null },
      draft: { background: null, text: null },
      schedule: { background: null, text: null },
      expired: { background: null, text: null },
      abTest: { background: null, text: null },
    },
    space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
    radius: { sm: null, md: null, lg: null, round: null },
    font: { body: null, mono: null, numeric: null },
    fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
    fontWeight: { normal: null, medium: null, strong: null, bold: null },
    lineHeight: { body: null, tight: null },
    /** Elevation: sm (cards, raised), md (menus, sticky bars), lg (dialogs, overlay); raised and overlay are their older names. */
    shadow: { raised: null, overlay: null, sm: null, md: null, lg: null },
    motion: { duration: null, easing: null },
  },
  (_value, path) => propertyName(path),
);
