import { THEME_VALUES } from '@lead/styles';

/** The campaign statuses' badges, as `@lead/styles/css/badge.css` draws them (data-status in kebab case). */
export const STATUS_BADGES = [
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['paused', 'Paused'],
  ['draft', 'Draft'],
  ['schedule', 'Schedule'],
  ['expired', 'Expired'],
  ['ab-test', 'AB Test'],
] as const;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The design tokens of `@lead/styles`: colours, type, spacing, radii and elevation, read from the theme. */
export function Tokens({ theme }: { theme: 'light' | 'dark' }) {
  const values = THEME_VALUES[theme];
  return (
    <div className="gallery-tokens" data-lead="">
      <h3>Status badges</h3>
      <p className="gallery-row">
        {STATUS_BADGES.map(([status, label]) => (
          <span key={status} data-status-badge="" data-status={status}>
            {label}
          </span>
        ))}
      </p>
      <h3>Colours</h3>
      <ul className="gallery-swatches">
        {Object.keys(values.color).map((name) => (
          <li key={name}>
            <span className="gallery-swatch" style={{ background: `var(--lead-color-${kebab(name)})` }} />
            <code>--lead-color-{kebab(name)}</code>
          </li>
        ))}
      </ul>
      <h3>Type</h3>
      <ul className="gallery-type">
        {Object.entries(values.fontSize).map(([name, size]) => (
          <li key={name} style={{ fontSize: `var(--lead-font-size-${name})` }}>
            {name} {size}: Chiến dịch thu thập khách hàng, 1,234,567.89
          </li>
        ))}
      </ul>
      <h3>Spacing, radii, elevation</h3>
      <p className="gallery-row">
        {Object.entries(values.space).map(([name, size]) => (
          <span
            key={name}
            className="gallery-space"
            style={{ width: `var(--lead-space-${name})` }}
            title={`space ${name}: ${size}`}
          />
        ))}
      </p>
      <p className="gallery-row">
        {(['sm', 'md', 'lg'] as const).map((name) => (
          <span
            key={name}
            className="gallery-card"
            style={{ boxShadow: `var(--lead-shadow-${name})`, borderRadius: `var(--lead-radius-${name})` }}
          >
            shadow {name}, radius {name}
          </span>
        ))}
      </p>
    </div>
  );
}
