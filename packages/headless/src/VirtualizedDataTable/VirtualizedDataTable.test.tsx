import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from '../DataTable/DataTable.js';
import { VirtualizedDataTable } from './VirtualizedDataTable.js';

/*
 * The windowing under DataTable's keyboard model (the keyboard suite, DataTable/keyboard.test.tsx,
 * runs on both grids): 100,000 rows, only those in view in the page, and every key that goes to a
 * row not rendered yet lands on the right one. (A real browser's scrolling: the gallery's test.)
 */
interface Lead {
  id: number;
  email: string;
}
const LEADS: Lead[] = Array.from({ length: 100_000 }, (_, i) => ({
  id: i + 1,
  email: i === 76_542 ? 'zoe@example.com' : `reader${i + 1}@example.com`,
}));
const COLUMNS: DataTableColumn<Lead>[] = [
  { id: 'email', header: 'Email', cell: (l) => <a href={`#/lead/${l.id}`}>{l.email}</a>, isRowHeader: true },
  { id: 'id', header: 'No.', cell: (l) => l.id, align: 'end' },
];

/** 400 px under a 40 px header: nine rows of 40 px in view. */
function renderLeads() {
  render(
    <VirtualizedDataTable
      aria-label="Leads"
      columns={COLUMNS}
      rows={LEADS}
      getRowId={(l) => l.id}
      height={400}
      rowHeight={40}
    />,
  );
  return screen.getByRole('grid', { name: 'Leads' });
}
const focusedRow = () => document.activeElement?.closest('tr');
const focusedEmail = () => focusedRow()?.querySelector('[role=rowheader]')?.textContent;
const rendered = (grid: HTMLElement) => within(grid).getAllByRole('row').length;
/** Scrolls the table's frame (its scroll view) as a user would, far from where it was. */
function scrollTo(grid: HTMLElement, top: number) {
  const frame = grid.closest<HTMLElement>('[data-fixed-height]')!;
  act(() => {
    frame.scrollTop = top;
    fireEvent.scroll(frame);
  });
}

describe('VirtualizedDataTable windowing', () => {
  it('says it has every row and renders only those in view, each with its place', () => {
    const grid = renderLeads();
    expect(grid.getAttribute('aria-rowcount')).toBe('100001');
    expect(grid.getAttribute('aria-colcount')).toBe('2');
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeLessThan(30);
    expect(rows.map((r) => r.getAttribute('aria-rowindex')).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(within(grid).queryByRole('rowheader', { name: 'reader100000@example.com' })).toBeNull();
    // The rows not rendered keep their height: blank rows, hidden from screen readers.
    const blank = grid.querySelector<HTMLElement>('[data-blank-rows]')!;
    expect(blank.getAttribute('aria-hidden')).toBe('true');
    expect(blank.querySelector('td')!.style.height).toBe(`${(100_000 - (rows.length - 1)) * 40}px`);
    // The frame holds them: it scrolls, and it is the containing block of anything a cell places absolutely.
    const frame = grid.closest<HTMLElement>('[data-fixed-height]')!;
    expect([frame.style.height, frame.style.overflow, frame.style.position]).toEqual(['400px', 'auto', 'relative']);
  });

  it('goes to the last of 100,000 rows with End and back with Home, rendering only those in view', async () => {
    const user = userEvent.setup();
    const grid = renderLeads();
    await user.tab();
    expect(focusedEmail()).toBe('reader1@example.com');
    await user.keyboard('{End}');
    expect(focusedEmail()).toBe('reader100000@example.com');
    expect(focusedRow()!.getAttribute('aria-rowindex')).toBe('100001');
    expect(rendered(grid)).toBeLessThan(30);
    expect(within(grid).queryByRole('rowheader', { name: 'reader1@example.com' })).toBeNull();
    await user.keyboard('{Home}');
    expect(focusedEmail()).toBe('reader1@example.com');
    expect(rendered(grid)).toBeLessThan(30);
  });

  it('moves a page of the rows in view with PageDown and PageUp, from any row', async () => {
    const user = userEvent.setup();
    renderLeads();
    await user.tab();
    // Nine rows fit under the header: a page moves eight on, keeping the row it left in view.
    await user.keyboard('{PageDown}');
    expect(focusedEmail()).toBe('reader9@example.com');
    await user.keyboard('{PageDown}{PageDown}');
    expect(focusedEmail()).toBe('reader25@example.com');
    await user.keyboard('{End}{PageUp}');
    expect(focusedEmail()).toBe('reader99992@example.com');
    expect(focusedRow()!.getAttribute('aria-rowindex')).toBe('99993');
  });

  it('keeps the column with Ctrl+End, and finds a row not rendered by type-ahead', async () => {
    const user = userEvent.setup();
    renderLeads();
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}{Control>}{End}{/Control}');
    expect(document.activeElement!.closest('td')!.getAttribute('data-column')).toBe('id');
    expect(focusedEmail()).toBe('reader100000@example.com');
    await user.keyboard('{ArrowLeft}{ArrowLeft}z');
    expect(focusedEmail()).toBe('zoe@example.com');
    expect(focusedRow()!.getAttribute('aria-rowindex')).toBe('76544');
  });

  it('keeps no row out of view before focus came, and Tab then enters on the first row in view', async () => {
    const user = userEvent.setup();
    const grid = renderLeads();
    scrollTo(grid, 40 * 50_000);
    expect(within(grid).queryByRole('rowheader', { name: 'reader1@example.com' })).toBeNull();
    await user.tab();
    expect(focusedEmail()).toBe('reader50001@example.com');
    await user.keyboard('{ArrowDown}');
    expect(focusedEmail()).toBe('reader50002@example.com');
  });

  it('keeps the focused row, and the tab stop, when the view scrolls far from it', async () => {
    const user = userEvent.setup();
    const grid = renderLeads();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const row = focusedRow()!;
    scrollTo(grid, 40 * 50_000);
    expect(within(grid).getByRole('rowheader', { name: 'reader50001@example.com' })).toBeTruthy();
    expect(row.isConnected).toBe(true);
    expect(document.activeElement!.closest('tr')).toBe(row);
    expect(rendered(grid)).toBeLessThan(30);
    await user.keyboard('{ArrowDown}');
    expect(focusedEmail()).toBe('reader3@example.com');
  });

  it('keeps the focused row by its key when the rows are sorted again while it is out of view', async () => {
    const user = userEvent.setup();
    const table = (rows: Lead[]) => (
      <VirtualizedDataTable
        aria-label="Leads"
        columns={COLUMNS}
        rows={rows}
        getRowId={(l) => l.id}
        height={400}
        rowHeight={40}
      />
    );
    const { rerender } = render(table(LEADS));
    const grid = screen.getByRole('grid', { name: 'Leads' });
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const row = focusedRow()!;
    scrollTo(grid, 40 * 50_000);
    // Sorted the other way: reader2 is now the last but one of 100,000, far from the view.
    rerender(table([...LEADS].reverse()));
    expect(row.isConnected).toBe(true);
    expect(focusedEmail()).toBe('reader2@example.com');
    expect(focusedRow()!.getAttribute('aria-rowindex')).toBe('100000');
    expect(rendered(grid)).toBeLessThan(30);
    await user.keyboard('{ArrowDown}');
    expect(focusedEmail()).toBe('reader1@example.com');
  });

  it('counts its message row when it has no rows', () => {
    render(
      <VirtualizedDataTable
        aria-label="Leads"
        columns={COLUMNS}
        rows={[]}
        getRowId={(l) => l.id}
        height={400}
        rowHeight={40}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Leads' });
    const rows = within(grid).getAllByRole('row');
    expect(grid.getAttribute('aria-rowcount')).toBe(String(rows.length));
    expect(rows.map((r) => r.getAttribute('aria-rowindex'))).toEqual(['1', '2']);
  });
});
