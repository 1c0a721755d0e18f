import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { DataTableColumn } from './DataTable.js';
import type { GridRows } from './gridKeyboard.js';
import { textOf, type FlatRow } from './parts.js';

/*
 * VirtualizedDataTable's windowing of DataTable's grid: the body holds only the rows in the
 * table's scroll view (and a few either side), with blank rows of the right height for the rest,
 * so that the scroll bar and the rows' places are those of the whole table. The keyboard model is
 * the plain grid's (gridKeyboard.ts) over a GridRows that knows every row: a row not in the page
 * is scrolled into view, and so rendered, before focus goes to it.
 */

/** The geometry a windowed grid needs: every body row is `rowHeight` pixels, the header row `headingHeight`. */
export interface GridWindow {
  rowHeight: number;
  headingHeight: number;
  /** The table's height, while its scroll view has not been measured (before layout, or in a test's DOM). */
  height: number | string;
}

/** Where the scroll view is: its scroll position and its height (header included). */
export interface GridView {
  top: number;
  height: number;
}

/** Rows rendered beyond each edge of the view, so that a short scroll shows no blank. */
const OVERSCAN = 4;

/** The view before it is measured: the table's height when given in pixels. */
export const unmeasuredView = (win: GridWindow): GridView => ({
  top: 0,
  height: typeof win.height === 'number' ? win.height : 600,
});

/** The body rows in view (0-based, in order) plus `kept` (the row holding the tab stop) when it is elsewhere. */
export function rowsInView(view: GridView, win: GridWindow, count: number, kept: number): number[] {
  const first = Math.max(0, Math.floor(view.top / win.rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height - win.headingHeight) / win.rowHeight) + OVERSCAN);
  const shown: number[] = [];
  if (kept >= 0 && kept < first) shown.push(kept);
  for (let i = first; i < last; i++) shown.push(i);
  if (kept >= last && kept < count) shown.push(kept);
  return shown;
}

/** The scroll position that shows body row `index` whole under the sticky header (the same one when it already is). */
export function scrollTopFor(view: GridView, win: GridWindow, index: number): number {
  const page = view.height - win.headingHeight;
  if (index * win.rowHeight < view.top) return index * win.rowHeight;
  if ((index + 1) * win.rowHeight > view.top + page) return (index + 1) * win.rowHeight - page;
  return view.top;
}

/**
 * The scroll view of a windowed grid (the table's frame, DataTable's fixed height), followed as it
 * scrolls and resizes: `rendered` is the view the rows were rendered for (a scroll within the same
 * rows renders nothing), `now()` where it is, and `reveal(index)` scrolls body row `index` whole
 * into view and renders it at once (before the keyboard focuses it).
 */
export function useRowWindow(win: GridWindow | undefined, table: RefObject<HTMLTableElement | null>) {
  const [rendered, setRendered] = useState<GridView>(() => (win ? unmeasuredView(win) : { top: 0, height: 0 }));
  const now = useRef(rendered);
  const frame = () => table.current?.closest<HTMLElement>('[data-fixed-height]') ?? null;
  // Once per geometry: the frame is the table's, which stays for the grid's life.
  useLayoutEffect(() => {
    const scroller = frame();
    if (!win || !scroller) return;
    const measure = () => {
      const next = { top: scroller.scrollTop, height: scroller.clientHeight || unmeasuredView(win).height };
      const was = now.current;
      now.current = next;
      if (Math.floor(next.top / win.rowHeight) !== Math.floor(was.top / win.rowHeight) || next.height !== was.height)
        setRendered(next);
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [win]);
  return {
    rendered,
    now: () => now.current,
    reveal(index: number) {
      if (!win) return;
      const top = scrollTopFor(now.current, win, index);
      if (top === now.current.top) return;
      const scroller = frame();
      if (scroller) scroller.scrollTop = top;
      const next = { ...now.current, top };
      now.current = next;
      flushSync(() => setRendered(next));
    },
  };
}

/** Every row of a windowed grid (the header row, then each body row by its aria-rowindex), rendered or not. */
export function windowedRows<T>(
  table: HTMLTableElement,
  win: GridWindow,
  view: GridView,
  flat: readonly FlatRow<T>[],
  rowHeader: DataTableColumn<T> | undefined,
): GridRows {
  const count = flat.length + 1;
  // The rendered rows by place, read once (type-ahead may ask about every row); a new GridRows after each render.
  let byPlace: Map<number, HTMLTableRowElement> | undefined;
  const at = (index: number) => {
    if (index === 0) return table.tHead?.rows[0];
    byPlace ??= new Map(
      [...table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr[aria-rowindex]')].map((r) => [
        Number(r.getAttribute('aria-rowindex')) - 1,
        r,
      ]),
    );
    return byPlace.get(index);
  };
  return {
    count,
    at,
    indexOf: (row) =>
      row.parentElement === table.tHead
        ? 0
        : row.hasAttribute('data-key')
          ? Number(row.getAttribute('aria-rowindex')) - 1
          : -1,
    pageFrom: (from, down) => {
      // The rows after `from` that fit in the view under the header, as the plain grid counts them.
      const step = Math.max(1, Math.floor((view.height - win.headingHeight) / win.rowHeight) - 1);
      return down ? Math.min(from + step, count - 1) : Math.max(from - step, 1);
    },
    headerText: (index) => {
      const rendered = at(index)?.querySelector('[role=rowheader]');
      if (rendered) return rendered.textContent ?? '';
      const item = flat[index - 1];
      return item && rowHeader ? textOf(rowHeader.cell(item.row)) : '';
    },
  };
}
