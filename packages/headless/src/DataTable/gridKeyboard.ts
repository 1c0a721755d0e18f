/*
 * The WAI-ARIA grid's keyboard model for DataTable's grid (TableGrid.tsx), windowed or not, kept by the
 * table rather than by each cell: one keydown handler reads where focus is from the DOM and moves
 * it, so a cell costs nothing until it is used.
 *
 * - ArrowUp/ArrowDown: the row above/below (a focused row) or the cell above/below in the same
 *   column (a focused cell; the column headers are the first row).
 * - ArrowRight/ArrowLeft (mirrored right to left): from a row to its first cell, from cell to
 *   cell, from the first cell back to its row.
 * - Home/End: the first/last row, or the first/last cell of the row; with Ctrl, the first/last
 *   row in the same column.
 * - PageDown/PageUp: by the rows that fit in the table's scroll view (or the window).
 * - Letters: the next row whose row header starts with what was typed (type-ahead; the same
 *   letter again goes on to the next row that starts with it).
 * A cell with a control in it (a checkbox, a link, a button) gives focus to its first control.
 * The same model serves VirtualizedDataTable's windowed grid: the rows are a GridRows, of which
 * only some need be in the page.
 */

/** What a cell may hold that takes focus itself. */
export const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not(td):not(th):not(tr)';
const EVERY_FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * The rows focus moves through, whether they are in the page or not: the header row (0), then the
 * body's rows (1 to count - 1). The plain grid has them all in the page (domRows); the windowed
 * one (VirtualizedDataTable) only those in view, and brings a row in before focus goes to it.
 */
export interface GridRows {
  count: number;
  /** The row at a place, when it is in the page. */
  at(index: number): HTMLTableRowElement | undefined;
  /** A row element's place; -1 when it is not one of the grid's rows (the empty state's). */
  indexOf(row: HTMLTableRowElement): number;
  /** The row PageDown (down) or PageUp goes to from `from`: a page of the scroll view away, at least one row. */
  pageFrom(from: number, down: boolean): number;
  /** The text of a body row's row header, for type-ahead. */
  headerText(index: number): string;
}

/** The rows of a grid that has them all in the page: the header row, then the body's rows (not the empty state's). */
export function navigableRows(table: HTMLTableElement): HTMLTableRowElement[] {
  return [...table.querySelectorAll<HTMLTableRowElement>(':scope > thead > tr, :scope > tbody > tr[data-key]')];
}

/** The plain grid's rows, read from the page. */
export function domRows(table: HTMLTableElement): GridRows {
  const rows = navigableRows(table);
  return {
    count: rows.length,
    at: (index) => rows[index],
    indexOf: (row) => rows.indexOf(row),
    pageFrom: (from, down) => pageFrom(rows, from, down, table),
    headerText: (index) => rows[index]?.querySelector('[role=rowheader]')?.textContent ?? '',
  };
}

/** What takes focus for a cell: its first control, else the cell. */
export function focusTargetOf(cell: HTMLTableCellElement): HTMLElement {
  return cell.querySelector<HTMLElement>(CONTROLS) ?? cell;
}

/** A place in the grid: the row's place among every row and the cell's column (-1: the row itself). */
export interface GridPlace {
  row: number;
  col: number;
}

/** Where focus is; null when it is not on a row, a cell or a control in a cell of the grid. */
export function positionOf(table: HTMLTableElement, rows: GridRows, el: HTMLElement): GridPlace | null {
  const rowEl = el.closest('tr');
  if (!rowEl || !table.contains(rowEl)) return null;
  const row = rows.indexOf(rowEl);
  if (row < 0) return null;
  const cell = el === rowEl ? null : el.closest<HTMLTableCellElement>('td, th');
  return { row, col: cell ? cell.cellIndex : -1 };
}

/** The element at a place, when its row is in the page: the row (col -1, body rows only) or the cell's focus target. */
export function elementAt(rows: GridRows, { row, col }: GridPlace): HTMLElement | null {
  const r = rows.at(Math.max(0, Math.min(row, rows.count - 1)));
  if (!r) return null;
  if (col < 0) return r.parentElement?.tagName === 'THEAD' ? null : r;
  const cell = r.cells[Math.min(col, r.cells.length - 1)];
  return cell ? focusTargetOf(cell) : null;
}

/** Keys a control keeps for itself: typing in a text field, or moving in a select. */
function keepsKeys(el: HTMLElement): boolean {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || el.isContentEditable) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type);
}

/** The rows after `from` that fit in a page of the table's scroll view (at least one). */
function pageFrom(rows: HTMLTableRowElement[], from: number, down: boolean, table: HTMLTableElement): number {
  const scroller = table.closest<HTMLElement>('[data-fixed-height]');
  const header = table.tHead?.getBoundingClientRect().height ?? 0;
  const page = (scroller ? scroller.clientHeight : window.innerHeight) - header;
  const box = rows[from]!.getBoundingClientRect();
  let to = from;
  if (down) while (to < rows.length - 1 && rows[to + 1]!.getBoundingClientRect().bottom - box.top <= page) to++;
  else while (to > 1 && box.bottom - rows[to - 1]!.getBoundingClientRect().top <= page) to--;
  if (to === from) to = down ? Math.min(from + 1, rows.length - 1) : Math.max(from - 1, 1);
  return to;
}

export interface TypeAhead {
  text: string;
  at: number;
}

/**
 * Where a key moves focus in the grid, or null when the key is not the grid's (the caller then
 * leaves it to the browser and the control). The place may be a row not in the page yet: the
 * caller brings it in, then focuses elementAt(). Space and Enter (selection, sorting) are the
 * caller's.
 */
export function targetOfKey(
  table: HTMLTableElement,
  rows: GridRows,
  target: HTMLElement,
  e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  typed: TypeAhead,
): GridPlace | null {
  if (keepsKeys(target)) return null;
  const at = positionOf(table, rows, target);
  if (!at) return null;
  const { row, col } = at;
  const rtl = getComputedStyle(table).direction === 'rtl';
  const last = rows.count - 1;
  const cellsIn = rows.at(row)?.cells.length ?? 0;
  const ctrl = e.ctrlKey || e.metaKey;
  const place = (r: number, c: number): GridPlace => ({ row: Math.max(0, Math.min(r, last)), col: c });
  switch (e.key) {
    case 'ArrowDown':
      return row < last ? place(row + 1, col) : null;
    case 'ArrowUp':
      // A row (not a cell) never moves up into the header row.
      return row > (col < 0 ? 1 : 0) ? place(row - 1, col) : null;
    case 'ArrowRight':
    case 'ArrowLeft': {
      const forward = (e.key === 'ArrowRight') !== rtl;
      if (forward) return col < cellsIn - 1 ? place(row, col + 1) : null;
      if (col > 0) return place(row, col - 1);
      return col === 0 && row > 0 ? place(row, -1) : null;
    }
    case 'Home':
      if (col < 0 || ctrl) return place(col < 0 ? 1 : 0, col);
      return place(row, 0);
    case 'End':
      if (col < 0 || ctrl) return place(last, col);
      return place(row, cellsIn - 1);
    case 'PageDown':
    case 'PageUp':
      return row > 0 ? place(rows.pageFrom(row, e.key === 'PageDown'), col) : null;
    default: {
      const now = Date.now();
      const going = now - typed.at < 1000 ? typed.text : '';
      // Space selects, unless it is part of a name being typed.
      if (e.key.length !== 1 || ctrl || e.altKey || (e.key === ' ' && !going)) return null;
      typed.text = going + e.key.toLowerCase();
      typed.at = now;
      // A longer text may still match the row it found; one letter, or the same letter again
      // ("f", "f": the next row starting with f), looks from the next row on.
      const repeated = [...typed.text].every((ch) => ch === typed.text[0]);
      const text = repeated ? typed.text[0]! : typed.text;
      const body = rows.count - 1;
      const start = Math.max(row, 1) - 1 + (repeated ? 1 : 0);
      for (let i = 0; i < body; i++) {
        const r = ((start + i) % body) + 1;
        if (rows.headerText(r).trim().toLowerCase().startsWith(text)) return place(r, -1);
      }
      return null;
    }
  }
}

/**
 * One tab stop in the grid: every control in it leaves the tab order (arrow keys reach them), and
 * `stop` alone has `tabindex=0`.
 */
export function keepOneTabStop(table: HTMLTableElement, stop: HTMLElement): void {
  for (const el of table.querySelectorAll<HTMLElement>(EVERY_FOCUSABLE))
    if (el !== stop && el.tabIndex !== -1) el.tabIndex = -1;
  if (stop.tabIndex !== 0) stop.tabIndex = 0;
  if (stop !== table && table.tabIndex !== -1) table.tabIndex = -1;
}
