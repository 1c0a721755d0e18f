import { vars } from '../contract.css.js';
import { c, focusRing, g } from './shared.js';

/* Styles of the date range picker, keyed on their data-* states. */
g('[data-date-range-picker]', { display: 'inline-flex', flexDirection: 'column', gap: vars.space.xs });
// The field's frame: only the picker's own group (a TagInput's entry row is a group too, unframed).
g('[data-date-range-field]', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  minHeight: '34px',
  border: `1px solid ${c.control}`,
  borderRadius: vars.radius.md,
  background: c.surface,
});
g('.react-aria-DateInput', { display: 'inline-flex' });
g('.react-aria-DateSegment', { padding: '0 1px', borderRadius: vars.radius.sm, outline: 'none' });
g('.react-aria-DateSegment[data-placeholder]', { color: c.textMuted });
g('.react-aria-DateSegment[data-focused]', { background: c.primary, color: c.onPrimary });
// One focus ring, on the field's frame: the picker, its two date inputs and the focused segment
// all report keyboard focus, and three nested rings (four outlines) were drawn.
g(
  '[data-date-range-picker][data-focus-visible], [data-date-range-picker] .react-aria-DateInput[data-focus-visible], [data-date-range-picker] .react-aria-DateSegment[data-focus-visible], [data-date-range-picker] .react-aria-DateSegment[data-rac]:focus-visible',
  { outline: 'none' },
);
g('[data-date-range-field][data-focus-visible]', focusRing);
g('.react-aria-RangeCalendar', {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
});
g('.react-aria-CalendarGrid', { borderCollapse: 'collapse' });
g('.react-aria-CalendarCell', {
  width: '32px',
  height: '32px',
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
});
g('.react-aria-CalendarCell[data-outside-month]', { visibility: 'hidden' });
g('.react-aria-CalendarCell[data-selected]', { background: c.selected, borderRadius: 0 });
g('.react-aria-CalendarCell[data-selection-start], .react-aria-CalendarCell[data-selection-end]', {
  background: c.primary,
  color: c.onPrimary,
  borderRadius: vars.radius.sm,
});
g('.react-aria-CalendarCell[data-disabled], .react-aria-CalendarCell[data-unavailable]', {
  color: c.textMuted,
  textDecoration: 'line-through',
});
g('.react-aria-CalendarCell[data-focus-visible]', focusRing);

g('[data-date-range-panel]', { display: 'flex', gap: vars.space.md, padding: vars.space.md });
g('[data-date-range-presets]', {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
g('[data-date-range-presets] [data-selected]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });
g('[data-date-range-months]', { display: 'flex', gap: vars.space.lg });
g('[data-date-range-header]', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
g('[data-date-range-dialog]', { outline: 'none' });
