import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualizedDataTable } from '../VirtualizedDataTable/VirtualizedDataTable.js';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable.js';

/*
 * The grid's keyboard model (gridKeyboard.ts), kept by the table: one tab stop, arrows, Home/End,
 * type-ahead, Space. One suite for both grids: DataTable's, and VirtualizedDataTable's with its
 * rows windowed (a height that shows them all here; windowing.test.tsx takes 100,000 rows).
 */
const GRIDS = [
  { name: 'DataTable', Table: DataTable },
  {
    name: 'VirtualizedDataTable',
    Table: function Virtualized<T>(props: DataTableProps<T>) {
      return <VirtualizedDataTable {...props} height={400} rowHeight={40} />;
    },
  },
] as const;

interface Row {
  id: number;
  name: string;
  leads: number;
}
const ROWS: Row[] = [
  { id: 1, name: 'Spring sale', leads: 30 },
  { id: 2, name: 'Flu quiz', leads: 5 },
  { id: 3, name: 'Fitness week', leads: 12 },
  { id: 4, name: 'Newsletter', leads: 7 },
];
const COLUMNS: DataTableColumn<Row>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (r) => <a href={`#/campaign/${r.id}`}>{r.name}</a>,
    isRowHeader: true,
    sortable: true,
  },
  { id: 'leads', header: 'Leads', cell: (r) => r.leads, align: 'end' },
];
const rowId = (r: Row) => r.id;

let Table: (props: DataTableProps<Row>) => ReactNode = DataTable;

function Harness({ rows = ROWS }: { rows?: Row[] }) {
  const [selected, setSelected] = useState<'all' | Set<string | number>>(new Set());
  return (
    <>
      <button type="button">Before</button>
      <Table
        aria-label="Campaigns"
        columns={COLUMNS}
        rows={rows}
        getRowId={rowId}
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
        rowActions={() => [{ id: 'edit', label: 'Edit' }]}
        onRowAction={() => {}}
      />
      <button type="button">After</button>
      <output aria-label="selected">{selected === 'all' ? 'all' : [...selected].join(',')}</output>
    </>
  );
}

const focused = () => document.activeElement as HTMLElement;
const focusedRow = () => focused().closest('[role=row]')?.getAttribute('data-key');
/** What has focus: the row ("row 2"), or the cell's column and row ("leads 2"), or a control in it. */
const where = () => {
  const el = focused();
  if (el.getAttribute('role') === 'row') return `row ${focusedRow()}`;
  const cell = el.closest('td, th')!;
  const column =
    cell.getAttribute('data-column') ??
    (cell.hasAttribute('data-select-cell') ? 'select' : cell.hasAttribute('data-actions-cell') ? 'actions' : '?');
  return `${el === cell ? '' : `${el.tagName.toLowerCase()} in `}${column} ${focusedRow()}`;
};

/** Renders the harness and tabs past the button before it into the grid. */
async function enterGrid() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.tab();
  await user.tab();
  return user;
}

describe.each(GRIDS)('$name keyboard', (grid) => {
  beforeEach(() => {
    Table = grid.Table;
  });
  afterEach(() => vi.useRealTimers());

  it('is one tab stop: Tab enters on the first row and leaves past the grid, Shift+Tab comes back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(focused().textContent).toBe('Before');
    await user.tab();
    expect(where()).toBe('row 1');
    await user.tab();
    expect(focused().textContent).toBe('After');
    await user.tab({ shift: true });
    expect(where()).toBe('row 1');
    // Only one element of the grid is in the tab order, whatever the cells hold.
    const grid = screen.getByRole('grid');
    expect(
      [...grid.querySelectorAll<HTMLElement>('a, button, input, [tabindex]')].filter((el) => el.tabIndex >= 0),
    ).toHaveLength(1);
  });

  it('moves from a row into its cells and back, focusing the control a cell holds', async () => {
    const user = await enterGrid();
    await user.keyboard('{ArrowRight}');
    expect(where()).toBe('input in select 1');
    await user.keyboard('{ArrowRight}');
    expect(where()).toBe('a in name 1');
    await user.keyboard('{ArrowRight}');
    expect(where()).toBe('leads 1');
    await user.keyboard('{ArrowDown}');
    expect(where()).toBe('leads 2');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(where()).toBe('row 2');
    // The tab stop follows focus: leaving and coming back returns to the same place.
    await user.tab();
    await user.tab({ shift: true });
    expect(where()).toBe('row 2');
  });

  it('goes up from the first row of cells to the column headers, and sorts there with Enter', async () => {
    const user = userEvent.setup();
    const sorts: string[] = [];
    render(
      <Table
        aria-label="Campaigns"
        columns={COLUMNS}
        rows={ROWS}
        getRowId={rowId}
        onSortChange={(s) => sorts.push(`${s.column} ${s.direction}`)}
      />,
    );
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(focused().getAttribute('role')).toBe('columnheader');
    expect(focused().textContent).toContain('Name');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    // Uncontrolled, the table keeps its sort: the second press turns it round.
    expect(sorts).toEqual(['name ascending', 'name descending']);
    // A row never moves up into the header row.
    await user.keyboard('{ArrowDown}{ArrowLeft}{ArrowUp}');
    expect(focused().getAttribute('role')).toBe('row');
  });

  it('goes to the first and last row with Home and End, and the first and last cell from a cell', async () => {
    const user = await enterGrid();
    await user.keyboard('{End}');
    expect(where()).toBe('row 4');
    await user.keyboard('{Home}');
    expect(where()).toBe('row 1');
    await user.keyboard('{ArrowRight}{End}');
    expect(where()).toBe('button in actions 1');
    await user.keyboard('{Control>}{End}{/Control}');
    expect(where()).toBe('button in actions 4');
    await user.keyboard('{Home}');
    expect(where()).toBe('input in select 4');
  });

  it('finds a row by the first letters of its name (type-ahead)', async () => {
    // The typed text is forgotten a second after the last letter: the clock is ours, so a slow
    // machine's pause between two keys never starts a new search.
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await enterGrid();
    await user.keyboard('f');
    expect(where()).toBe('row 2');
    await user.keyboard('f');
    expect(where()).toBe('row 3');
    await user.keyboard('{ArrowUp}');
    vi.advanceTimersByTime(1000);
    await user.keyboard('ne');
    expect(where()).toBe('row 4');
    await user.keyboard('x');
    expect(where()).toBe('row 4');
  });

  it('selects the focused row with Space, and with its checkbox', async () => {
    const user = await enterGrid();
    await user.keyboard('{ArrowDown} ');
    expect(screen.getByLabelText('selected').textContent).toBe('2');
    expect(screen.getAllByRole('row')[2]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight} ');
    expect(screen.getByLabelText('selected').textContent).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Select Flu quiz' })).toBe(focused());
  });

  it('keeps a tab stop in the same place when the rows are replaced (a new page)', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness />);
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(where()).toBe('row 3');
    const next = ROWS.map((r) => ({ ...r, id: r.id + 10, name: `${r.name} 2` }));
    act(() => rerender(<Harness rows={next} />));
    const grid = screen.getByRole('grid');
    const stops = [...grid.querySelectorAll<HTMLElement>('[tabindex]')].filter((el) => el.tabIndex === 0);
    expect(stops.map((el) => el.getAttribute('data-key'))).toEqual(['13']);
  });

  it('puts focus on the row now in the same place when the focused row goes, and takes none when focus was elsewhere', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness />);
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(where()).toBe('row 3');
    act(() => rerender(<Harness rows={ROWS.filter((r) => r.id !== 3)} />));
    expect(where()).toBe('row 4');
    // Focus on the button after the grid: a new page leaves it there.
    await user.tab();
    expect(focused().textContent).toBe('After');
    act(() => rerender(<Harness rows={ROWS.map((r) => ({ ...r, id: r.id + 20 }))} />));
    expect(focused().textContent).toBe('After');
    // Focus in the grid, then nowhere (a click on the page): new rows do not take it.
    await user.tab({ shift: true });
    expect(where()).toBe('row 23');
    await act(async () => focused().blur());
    expect(document.activeElement).toBe(document.body);
    act(() => rerender(<Harness rows={ROWS.map((r) => ({ ...r, id: r.id + 40 }))} />));
    expect(document.activeElement).toBe(document.body);
  });

  it('is reached by Tab on its first row once rows come after an empty or loading grid', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness rows={[]} />);
    await user.tab();
    await user.tab();
    // Empty, the grid itself is the stop.
    expect(focused().getAttribute('role')).toBe('grid');
    act(() => rerender(<Harness />));
    expect(where()).toBe('row 1');
    await user.keyboard('{ArrowDown}');
    expect(where()).toBe('row 2');
    // Entered by Tab after rows came, too.
    await user.tab();
    await user.tab({ shift: true });
    expect(where()).toBe('row 2');
  });

  it('enters on the first row when the rows came before focus did', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness rows={[]} />);
    act(() => rerender(<Harness />));
    await user.tab();
    await user.tab();
    expect(where()).toBe('row 1');
  });
});
