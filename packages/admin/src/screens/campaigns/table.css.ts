import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';
import { layout, main, sidebar, toolbar } from './campaigns.css.js';

/*
 * The campaign table's own density: one line per row (at most 48 px), 13 px text, the A/B
 * expander tucked against the name it belongs to. Below 600 px each row is a card: the name, its
 * menu, then its status and figures.
 */
const PHONE = 'screen and (max-width: 599.98px)';
const NOT_PHONE = 'screen and (min-width: 600px)';

export const table = style({ fontSize: vars.fontSize.sm });
/** The wrapper of the table (display: contents, for the pointer and focus that load the dialogs). */
export const tableWrap = style({ display: 'contents' });

globalStyle(`${table} .react-aria-Cell, ${table} .react-aria-Column`, { whiteSpace: 'nowrap', paddingInline: '6px' });
globalStyle(`${table} .react-aria-Column`, { fontWeight: vars.fontWeight.medium, color: vars.color.textMuted });
// The expander sits against the name: a narrow column, no gap before the name.
globalStyle(`${table} [data-expand-column]`, { width: '28px !important', paddingInline: 0 });
globalStyle(`${table} [data-expand-cell]`, { paddingInlineEnd: 0, paddingInlineStart: vars.space.xs });
globalStyle(`${table} [data-expand-button]`, { minHeight: '24px', minWidth: '24px', padding: 0, margin: 0 });
globalStyle(`${table} [data-select-column], ${table} [data-select-cell]`, { width: '36px' });

/*
 * With the sites-and-clients filter closed, its button sits beside the toolbar and the table takes
 * the page's whole width; opened (200 px, as the spec has it), it is a column beside the table.
 */
const closed = `${layout}:has(> ${sidebar}:not([data-open]))`;
const notPhone = (selector: string, rule: Parameters<typeof globalStyle>[1]) =>
  globalStyle(selector, { '@media': { [NOT_PHONE]: rule } });
notPhone(`${closed} > ${main}, ${closed} ${tableWrap}`, { display: 'contents' });
notPhone(`${closed} > ${main} > *, ${closed} ${tableWrap} > *`, { gridColumn: '1 / -1' });
notPhone(`${closed} > ${main} > ${toolbar}`, { gridColumn: '2', marginBottom: 0 });
globalStyle(`${layout}`, { '@media': { [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' } } });

/* A phone: each row a card. The header row stays for screen readers only. */
const phone = (selector: string, rule: Parameters<typeof globalStyle>[1]) =>
  globalStyle(selector, { '@media': { [PHONE]: rule } });
phone(`${table} .react-aria-Table, ${table} .react-aria-TableBody`, { display: 'block' });
phone(`${table} .react-aria-TableHeader`, {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});
phone(`${table} tbody > tr[data-key]`, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
phone(`${table} tbody > tr[data-key] > td`, { display: 'block', padding: 0, border: 0, flex: 'none' });
phone(`${table} tbody > tr[data-key] > [data-expand-cell]:empty`, { display: 'none' });
// The name takes the first line with the menu; the rest wraps to the next.
phone(`${table} tbody > tr[data-key] > [data-column=name]`, { flex: '1 1 calc(100% - 120px)', minWidth: 0, order: 1 });
phone(`${table} tbody > tr[data-key] > [data-actions-cell]`, {
  order: 2,
  position: 'static',
  boxShadow: 'none',
  background: 'transparent',
});
// The second line: status, site, last update, figures (each labelled), aligned under the name.
phone(
  `${table} tbody > tr[data-key] > td:not([data-select-cell], [data-expand-cell], [data-column=name], [data-actions-cell])`,
  {
    order: 4,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.xs,
  },
);
phone(`${table} tbody > tr[data-key] > td[data-align=end]::before`, { content: 'attr(data-label) ": "' });
phone(
  `${table} tbody > tr[data-key] > :is([data-column=code], [data-column=client], [data-column=display], [data-column=devices], [data-column=created])`,
  {
    display: 'none',
  },
);
// The status first, under the name.
phone(`${table} tbody > tr[data-key] > td[data-column=status]`, { order: 3, marginInlineStart: '48px' });
