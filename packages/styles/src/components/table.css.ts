import { vars } from '../contract.css.js';
import { c, g } from './shared.js';

/* Styles of the table, keyed on their data-* states. */
// A table wider than its room scrolls sideways inside its frame rather than being cut off. The
// frame holds what is positioned in its cells too (a switch's visually hidden input): else that
// is placed against the page, beyond the frame, and the page scrolls sideways on a phone.
g('[data-table-container]', {
  position: 'relative',
  background: c.surface,
  border: `1px solid ${c.border}`,
  borderRadius: vars.radius.md,
  overflowX: 'auto',
  maxWidth: '100%',
});
g('[data-table-container][aria-busy=true]', { cursor: 'progress' });
g('.react-aria-Table', { width: '100%', borderCollapse: 'separate', borderSpacing: 0 });
g('.react-aria-Column', {
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: c.surfaceMuted,
  textAlign: 'start',
  padding: vars.space.sm,
  fontWeight: vars.fontWeight.strong,
  borderBottom: `1px solid ${c.border}`,
  whiteSpace: 'nowrap',
  outline: 'none',
});
g('.react-aria-Column[data-allows-sorting]', { cursor: 'pointer' });
// DataTable's grid (VirtualizedDataTable's too) focuses with :focus-visible; the data-focus-visible selectors served react-aria's Table, which no component renders now.
g(
  '.react-aria-Column[data-focus-visible], .react-aria-Cell[data-focus-visible], .react-aria-Row[data-focus-visible], .react-aria-Column:focus-visible, .react-aria-Cell:focus-visible, .react-aria-Row:focus-visible',
  {
    outline: `2px solid ${c.focus}`,
    outlineOffset: '-2px',
  },
);
g('[data-sort-indicator]', { color: c.textMuted });
g('.react-aria-Row', { outline: 'none' });
g('.react-aria-Row[data-hovered], tbody > .react-aria-Row[data-key]:hover', { background: c.surfaceMuted });
g('.react-aria-Row[data-selected]', { background: c.selected });
g('.react-aria-Row[data-depth="1"] > [data-first-column]', { paddingInlineStart: vars.space.xl });
g('[data-expand-cell], [data-expand-column]', { width: '40px', paddingInlineEnd: 0 });
// The expand button inside a cell (expandInColumn): before the content; child rows start under it.
g('[data-expand-in-cell]', { display: 'inline-flex', alignItems: 'center', maxWidth: '100%', minWidth: 0 });
g('[data-expand-in-cell] > [data-expand-button]', { flex: 'none', minWidth: '24px', minHeight: '24px', padding: 0 });
g('[data-expand-in-cell][data-expand-indent]', { paddingInlineStart: '28px' });
g('[data-expand-content]', { display: 'flex', minWidth: 0 });
g('input[data-select-row], input[data-select-all]', {
  accentColor: c.primary,
  width: '16px',
  height: '16px',
  margin: 0,
  cursor: 'pointer',
  verticalAlign: 'middle',
});
g('input[data-select-row]:disabled', { cursor: 'not-allowed' });
g('.react-aria-Cell', {
  padding: vars.space.sm,
  borderBottom: `1px solid ${c.border}`,
  outline: 'none',
  verticalAlign: 'middle',
});
g('.react-aria-Cell[data-align=end], .react-aria-Column[data-align=end]', { textAlign: 'end' });
g('[data-expand-button], [data-row-actions-button]', {
  minHeight: '26px',
  padding: `0 ${vars.space.sm}`,
  marginInlineEnd: vars.space.xs,
});
// The row actions stay in view at the row's end however wide the table: the rest scrolls under them.
g('[data-actions-cell], [data-actions-column]', {
  position: 'sticky',
  insetInlineEnd: 0,
  background: c.surface,
  boxShadow: `-1px 0 0 ${c.border}`,
  whiteSpace: 'nowrap',
});
g('[data-actions-column]', { zIndex: 2, background: c.surfaceMuted });
g('.react-aria-Row[data-selected] > [data-actions-cell]', { background: c.selected });
g('tbody > .react-aria-Row[data-key]:hover > [data-actions-cell]', { background: c.surfaceMuted });
g('[data-table-empty], [data-table-loading]', { padding: vars.space.xl, textAlign: 'center', color: c.textMuted });
/* Loading: skeleton rows keep the table's final height; rows being replaced dim a little. */
g('[data-table-loading]:has([data-table-skeleton])', { padding: 0 });
g('[data-skeleton-row]', {
  height: 'var(--lead-table-row-height, 45px)',
  borderBottom: `1px solid ${c.border}`,
  backgroundImage: `linear-gradient(90deg, transparent 0 ${vars.space.sm}, ${c.surfaceMuted} ${vars.space.sm} 60%, transparent 60%)`,
  backgroundSize: '100% 12px',
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'center',
});
g('[data-table-container][data-loading] .react-aria-Row', {
  opacity: 0.6,
  transition: `opacity ${vars.motion.duration} ${vars.motion.easing}`,
});
