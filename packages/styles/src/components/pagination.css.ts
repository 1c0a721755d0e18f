import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the pagination, keyed on their data-* states. */
g('[data-pagination]', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
});
g('[data-page-list]', { display: 'flex', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 });
g('[data-page-button][data-current]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });
g('[data-pagination] [data-field]', { flexDirection: 'row', alignItems: 'center', gap: vars.space.sm });
g('[data-pagination] [data-field] .react-aria-Label', { fontWeight: vars.fontWeight.normal });
g('[data-quick-jump] .react-aria-Input', { width: '64px' });
g('[data-pagination] .react-aria-Select', { display: 'flex', alignItems: 'center', gap: vars.space.sm });
