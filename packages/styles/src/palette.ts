/** The values of the light and dark themes (plain data: the contrast test reads them). */
const shared = {
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  radius: { sm: '4px', md: '6px', lg: '10px', round: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: { sm: '0.8125rem', md: '0.875rem', lg: '1.125rem', xl: '1.5rem' },
  fontWeight: { normal: '400', strong: '600' },
  lineHeight: { body: '1.5', tight: '1.25' },
  motion: { duration: '150ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
};

/*
 * Contrast (WCAG 2.1, checked in test/contrast.test.ts): text 4.5:1 on background, surface and
 * muted surface; controls and focus rings 3:1; white on primary, danger and success 4.5:1.
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
    selected: '#e3ebfc',
    focus: '#1d4fc4',
    overlay: 'rgba(15, 20, 30, 0.5)',
  },
  shadow: { raised: '0 1px 2px rgba(16, 24, 40, 0.08), 0 1px 3px rgba(16, 24, 40, 0.1)', overlay: '0 12px 32px rgba(16, 24, 40, 0.22)' },
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
    selected: '#243756',
    focus: '#f2c46d',
    overlay: 'rgba(0, 0, 0, 0.65)',
  },
  shadow: { raised: '0 1px 2px rgba(0, 0, 0, 0.5)', overlay: '0 12px 32px rgba(0, 0, 0, 0.6)' },
};

/** Both themes' values, for the contrast test and for documentation. */
export const THEME_VALUES = { light, dark } as const;
