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
const notPhoneRule = (selector: string, rule: Parameters<typeof globalStyle>[1]) =>
  globalStyle(selector, { '@media': { [NOT_PHONE]: rule } });

export const table = style({ fontSize: vars.fontSize.sm });
/** The wrapper of the table (display: contents, for the pointer and focus that load the dialogs). */
export const tableWrap = style({ display: 'contents' });

globalStyle(`${table} .react-aria-Cell, ${table} .react-aria-Column`, { whiteSpace: 'nowrap', paddingInline: '6px' });
globalStyle(`${table} .react-aria-Column`, { fontWeight: vars.fontWeight.medium, color: vars.color.textMuted });
// The A/B expander sits in the name cell, before the name (expandInColumn); a variant's name starts under its test's.
globalStyle(`${table} [data-expand-button]`, { minHeight: '24px', minWidth: '24px', padding: 0, margin: 0 });
globalStyle(`${table} .react-aria-Row[data-depth="1"] > [data-first-column]`, { paddingInlineStart: '6px' });
globalStyle(`${table} [data-select-column], ${table} [data-select-cell]`, { width: '36px' });

/*
 * Wider than its frame (a narrow window, the sidebar open, the Report view), the table scrolls
 * sideways under the row checkboxes and the names, which stay at its start (as the actions stay
 * at its end): a name is never cut off, and the sorted column scrolls into view beside it
 * (reveal-sorted.ts).
 */
const STICKY_START = `${table} :is([data-select-column], [data-select-cell], th[data-column=name], td[data-column=name])`;
notPhoneRule(STICKY_START, { position: 'sticky', zIndex: 1, background: vars.color.surface });
notPhoneRule(`${table} :is([data-select-column], [data-select-cell])`, { insetInlineStart: 0 });
notPhoneRule(`${table} :is(th[data-column=name], td[data-column=name])`, {
  insetInlineStart: '36px',
  boxShadow: `1px 0 0 ${vars.color.border}`,
});
notPhoneRule(`${table} tbody > tr[data-key]:hover > :is([data-select-cell], td[data-column=name])`, {
  background: vars.color.surfaceMuted,
});
notPhoneRule(`${table} tbody > tr[data-selected] > :is([data-select-cell], td[data-column=name])`, {
  background: vars.color.selected,
});

/*
 * The Report view's totals row: under a rule, its figures in the weight of the header, on the
 * muted surface (its sticky name cell too), and with no checkbox (it is not a campaign).
 */
const TOTALS = `${table} tbody > tr[data-totals]`;
globalStyle(`${TOTALS} > td`, { fontWeight: vars.fontWeight.medium });
notPhoneRule(`${TOTALS} > td`, { background: vars.color.surfaceMuted, borderTop: `2px solid ${vars.color.border}` });
globalStyle(`${TOTALS} > [data-select-cell] > *`, { visibility: 'hidden' });

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

/*
 * Below 1440 px the Information view leaves out its lowest-priority column, Devices (the detail
 * page says them), so that at 1280 px the rest fits without scrolling sideways.
 */
const MID = 'screen and (min-width: 600px) and (max-width: 1439.98px)';
globalStyle(`${table} [data-column=devices]`, { '@media': { [MID]: { display: 'none' } } });

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
// The totals card: on the muted surface under a rule, as the totals row is wider.
phone(`${table} tbody > tr[data-totals]`, {
  background: vars.color.surfaceMuted,
  borderTop: `2px solid ${vars.color.border}`,
});
