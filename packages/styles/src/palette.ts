/** The values of the light and dark themes (plain data: the contrast test reads them). */
const shared = {
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px', xxxl: '48px' },
  radius: { sm: '4px', md: '6px', lg: '10px', round: '999px' },
  font: {
    /** Inter, self-hosted by `@lead/styles/font.css` (Latin, Latin Extended and Vietnamese); the system's sans-serif until it loads. */
    body: '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    /** font-variant-numeric of figures (tables, totals, stats): every digit the same width. */
    numeric: 'tabular-nums',
  },
  fontSize: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1.125rem', xl: '1.5rem', xxl: '2rem' },
  fontWeight: { normal: '400', medium: '500', strong: '600', bold: '700' },
  lineHeight: { body: '1.5', tight: '1.25' },
  motion: { duration: '150ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
};

/*
 * Contrast (WCAG 2.1, checked in test/contrast.test.ts): text 4.5:1 on background, surface and
 * muted surface; controls and focus rings 3:1; the on-colours on their fills (primary, accent,
 * danger, success, warning, info) 4.5:1; each status badge's text on its background 4.5:1.
 */
export const light = {
  ...shared,
  color: {
    background: '#f4f6f9',
    surface: '#ffffff',
    surfaceMuted: '#eef1f5',
    text: '#1c2330',
    textMuted: '#4a5364',
    border: '#d5dae2',
    control: '#6b7484',
    primary: '#1d4fc4',
    primaryHover: '#173f9e',
    onPrimary: '#ffffff',
    primaryText: '#1a48b3',
    danger: '#b42318',
    onDanger: '#ffffff',
    dangerText: '#a51f16',
    success: '#157a3b',
    onSuccess: '#ffffff',
    warningText: '#8a4b00',
    accent: '#1d4fc4',
    accentHover: '#173f9e',
    onAccent: '#ffffff',
    accentText: '#1a48b3',
    warning: '#a35200',
    onWarning: '#ffffff',
    successText: '#11652f',
    info: '#0b63b5',
    onInfo: '#ffffff',
    infoText: '#0a589f',
    selected: '#e3ebfc',
    focus: '#1d4fc4',
    overlay: 'rgba(15, 20, 30, 0.5)',
  },
  status: {
    active: { background: '#dcf5e6', text: '#0f6531' },
    inactive: { background: '#eceff3', text: '#465063' },
    paused: { background: '#fff0d4', text: '#824600' },
    draft: { background: '#dff3ef', text: '#0d5c52' },
    schedule: { background: '#e0edff', text: '#174f9e' },
    expired: { background: '#fde6e4', text: '#9c1d15' },
    abTest: { background: '#eee8fc', text: '#5534a0' },
  },
  shadow: {
    raised: '0 1px 2px rgba(16, 24, 40, 0.08), 0 1px 3px rgba(16, 24, 40, 0.1)',
    overlay: '0 12px 32px rgba(16, 24, 40, 0.22)',
    sm: '0 1px 2px rgba(16, 24, 40, 0.08), 0 1px 3px rgba(16, 24, 40, 0.1)',
    md: '0 4px 12px rgba(16, 24, 40, 0.12)',
    lg: '0 12px 32px rgba(16, 24, 40, 0.22)',
  },
};

export const dark = {
  ...shared,
  color: {
    background: '#0f141c',
    surface: '#19202b',
    surfaceMuted: '#222b38',
    text: '#eef1f6',
    textMuted: '#b7c0cf',
    border: '#354152',
    control: '#8793a6',
    primary: '#7ea6f7',
    primaryHover: '#a3c0fa',
    onPrimary: '#0b1220',
    primaryText: '#9dbcfa',
    danger: '#f08a80',
    onDanger: '#1a0906',
    dangerText: '#f6a39b',
    success: '#6fd39a',
    onSuccess: '#06170d',
    warningText: '#f2c46d',
    accent: '#7ea6f7',
    accentHover: '#a3c0fa',
    onAccent: '#0b1220',
    accentText: '#9dbcfa',
    warning: '#f2c46d',
    onWarning: '#1f1400',
    successText: '#7fe0a6',
    info: '#7cc4fa',
    onInfo: '#061520',
    infoText: '#9fd3fb',
    selected: '#243756',
    focus: '#f2c46d',
    overlay: 'rgba(0, 0, 0, 0.65)',
  },
  status: {
    active: { background: '#133524', text: '#7fe0a6' },
    inactive: { background: '#2a3240', text: '#c3cbd8' },
    paused: { background: '#3a2a0c', text: '#f2c46d' },
    draft: { background: '#0f3531', text: '#7ed9cb' },
    schedule: { background: '#16294a', text: '#a3c0fa' },
    expired: { background: '#3d1714', text: '#f6a39b' },
    abTest: { background: '#2c2150', text: '#c7b4fa' },
  },
  shadow: {
    raised: '0 1px 2px rgba(0, 0, 0, 0.5)',
    overlay: '0 12px 32px rgba(0, 0, 0, 0.6)',
    sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
    md: '0 4px 12px rgba(0, 0, 0, 0.5)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
};

/** Both themes' values, for the contrast test and for documentation. */
export const THEME_VALUES = { light, dark } as const;
