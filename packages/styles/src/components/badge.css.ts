import { vars } from '../contract.css.js';
import { g } from './shared.js';

/*
 * A campaign status badge: `<span data-status-badge data-status="paused">Paused</span>`, one colour
 * pair per status of the theme (`--lead-status-{status}-background` and `-text`, 4.5:1). The
 * statuses: active, inactive, paused, draft, schedule, expired, ab-test.
 */
g('[data-status-badge]', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: '22px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
});
// A dot before the word, in the word's colour: the status reads by word, the colour only helps.
g('[data-status-badge]::before', {
  content: '""',
  width: '6px',
  height: '6px',
  borderRadius: '50%',
  background: 'currentColor',
});
for (const [status, colours] of Object.entries(vars.status)) {
  const name = status.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
  g(`[data-status-badge][data-status="${name}"]`, { background: colours.background, color: colours.text });
}
