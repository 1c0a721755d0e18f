import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { ColumnSetSwitch } from './ColumnSetSwitch.js';
import { DataTable, type DataTableColumn, type DataTableSort } from './DataTable.js';
import { VirtualizedDataTable } from '../VirtualizedDataTable/VirtualizedDataTable.js';
import { Pagination, pageWindow } from './Pagination.js';

interface Campaign {
  id: number;
  name: string;
  leads: number;
  variants?: Campaign[];
}

const ROWS: Campaign[] = [
  {
    id: 1,
    name: 'Spring test',
    leads: 30,
    variants: [
      { id: 11, name: 'Spring A', leads: 10 },
      { id: 12, name: 'Spring B', leads: 20 },
    ],
  },
  { id: 2, name: 'Newsletter', leads: 5 },
  { id: 3, name: 'Quiz', leads: 12 },
];

const COLUMNS: DataTableColumn<Campaign>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, isRowHeader: true, sortable: true },
  { id: 'leads', header: 'Leads', cell: (r) => r.leads, sortable: true, align: 'end' },
  { id: 'id', header: 'Code', cell: (r) => `#${r.id}` },
];

function Harness({
  rows = ROWS,
  isLoading = false,
  disabledKeys,
  expandInColumn,
}: {
  rows?: Campaign[];
  isLoading?: boolean;
  disabledKeys?: number[];
  expandInColumn?: string;
}) {
  const [sort, setSort] = useState<DataTableSort | null>({ column: 'name', direction: 'ascending' });
  const [expanded, setExpanded] = useState<Set<string | number>>(new Set());
  const [selected, setSelected] = useState<'all' | Set<string | number>>(new Set());
  const [set, setSet] = useState('Information');
  const [actions, setActions] = useState<string[]>([]);
  const sorted = sort
    ? [...rows].sort(
        (a, b) =>
          (sort.direction === 'ascending' ? 1 : -1) * (a[sort.column as 'leads'] > b[sort.column as 'leads'] ? 1 : -1),
      )
    : rows;
  return (
    <>
      <ColumnSetSwitch aria-label="Columns" sets={['Information', 'Report']} value={set} onChange={setSet} />
      <DataTable
        aria-label="Campaigns"
        columns={COLUMNS}
        rows={sorted}
        getRowId={(r) => r.id}
        columnSets={{ Information: ['name', 'id'], Report: ['name', 'leads'] }}
        columnSet={set}
        sort={sort}
        onSortChange={setSort}
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
        {...(disabledKeys ? { disabledKeys } : {})}
        getChildRows={(r) => r.variants}
        expandedKeys={expanded}
        onExpandedChange={setExpanded}
        expandLabel={(r) => `Variants of ${r.name}`}
        {...(expandInColumn ? { expandInColumn } : {})}
        rowActions={(r) =>
          r.variants
            ? [{ id: 'stop', label: 'Stop A/B testing' }]
            : [
                { id: 'rename', label: 'Rename' },
                { id: 'delete', label: 'Delete' },
              ]
        }
        onRowAction={(r, a) => setActions((x) => [...x, `${a}:${r.id}`])}
        isLoading={isLoading}
        emptyState={<p>There is no campaign at the moment</p>}
      />
      <output aria-label="log">{actions.join(',')}</output>
      <output aria-label="selected">{selected === 'all' ? 'all' : [...selected].join(',')}</output>
    </>
  );
}

/** The table's own status region (the harness's outputs are status regions too). */
const tableStatus = () => screen.getByRole('grid').closest('[data-table-container]')!.querySelector('[role=status]')!;
const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent?.replace(/[▸▾]/g, ''));

describe('DataTable', () => {
  it('is a grid whose sortable headers carry aria-sort and sort by click and by keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: 'Campaigns' });
    await user.click(screen.getByRole('radio', { name: 'Report' }));
    const name = within(grid).getByRole('columnheader', { name: /Name/ });
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Newsletter', 'Quiz', 'Spring test']);
    await user.click(name);
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Spring test', 'Quiz', 'Newsletter']);
    const leads = within(grid).getByRole('columnheader', { name: /Leads/ });
    leads.focus();
    await user.keyboard('{Enter}');
    expect(leads.getAttribute('aria-sort')).toBe('ascending');
    expect(name.getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Newsletter', 'Quiz', 'Spring test']);
  });

  it('switches column sets with the toggle (Information/Report)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers()).toEqual(['', 'Expand', 'Name', 'Code', 'Actions']);
    expect(screen.getByRole('radio', { name: 'Information' }).getAttribute('aria-checked')).toBe('true');
    screen.getByRole('radio', { name: 'Information' }).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(headers()).toEqual(['', 'Expand', 'Name', 'Leads', 'Actions']);
    expect(screen.getByRole('radio', { name: 'Report' }).getAttribute('aria-checked')).toBe('true');
  });

  it('selects rows one by one or all at once with the checkboxes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Quiz' }));
    expect(screen.getByLabelText('selected').textContent).toBe('3');
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByLabelText('selected').textContent).toBe('all');
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true')).toHaveLength(3);
  });

  it('never selects a disabled row, one by one or with Select All', async () => {
    const user = userEvent.setup();
    render(<Harness disabledKeys={[3]} />);
    expect((screen.getByRole('checkbox', { name: 'Select Quiz' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Quiz' }));
    expect(screen.getByLabelText('selected').textContent).toBe('');
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    const selectedRows = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true');
    expect(selectedRows.length).toBeGreaterThan(0);
    expect(selectedRows.map((r) => r.textContent)).not.toContainEqual(expect.stringContaining('Quiz'));
  });

  it('expands child rows under their parent with a button that says whether it is expanded', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Variants of Spring test' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(names()).toEqual(['Newsletter', 'Quiz', 'Spring test']);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(names()).toEqual(['Newsletter', 'Quiz', 'Spring test', 'Spring A', 'Spring B']);
    // The expand button sits in its own cell: the row header's name is the campaign's alone.
    expect(screen.getByRole('rowheader', { name: 'Spring test' })).toBeTruthy();
    const child = screen.getByRole('rowheader', { name: 'Spring A' }).closest('[role=row]')!;
    expect(child.getAttribute('data-depth')).toBe('1');
    expect(child.getAttribute('data-parent-id')).toBe('1');
    await user.click(toggle);
    expect(names()).toHaveLength(3);
  });

  it("puts the expand button inside a column's cells with expandInColumn: no column of its own, rows named by their content", async () => {
    const user = userEvent.setup();
    render(<Harness expandInColumn="name" />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim())).toEqual([
      '',
      'Name',
      'Code',
      'Actions',
    ]);
    const toggle = screen.getByRole('button', { name: 'Variants of Spring test' });
    const header = screen.getByRole('rowheader', { name: 'Spring test' });
    expect(header.contains(toggle)).toBe(true);
    expect(screen.getByRole('row', { name: 'Spring test' })).toBeTruthy();
    await user.click(toggle);
    const child = screen.getByRole('rowheader', { name: 'Spring A' });
    expect(child.querySelector('[data-expand-indent]')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('names each row menu after the row when the first cell is markup, not text', () => {
    const columns: DataTableColumn<Campaign>[] = [
      {
        id: 'name',
        header: 'Name',
        isRowHeader: true,
        cell: (r) => (
          <a href={`#/campaign/${r.id}`}>
            <strong>{r.name}</strong> <span>#{r.id}</span>
          </a>
        ),
      },
      { id: 'leads', header: 'Leads', cell: (r) => r.leads },
    ];
    const Custom = () => <div aria-hidden="true">⚑</div>;
    render(
      <DataTable
        aria-label="Campaigns"
        columns={[{ ...columns[0]!, cell: (r) => (r.id === 2 ? <Custom /> : columns[0]!.cell(r)) }, columns[1]!]}
        rows={ROWS}
        getRowId={(r) => r.id}
        rowActions={() => [{ id: 'rename', label: 'Rename' }]}
        onRowAction={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Actions for Spring test #1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Quiz #3' })).toBeTruthy();
    // A cell with no text of its own (a component): the row's id keeps the names apart.
    expect(screen.getByRole('button', { name: 'Actions for row 2' })).toBeTruthy();
  });

  it('opens a row actions menu named after the row and reports the chosen action', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('button', { name: 'Actions for Quiz' }).focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Actions for Quiz' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Rename', 'Delete']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('log').textContent).toBe('delete:3');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows the empty state, or the loading state while loading, and marks itself busy', () => {
    const { rerender } = render(<Harness rows={[]} />);
    expect(screen.getByText('There is no campaign at the moment')).toBeTruthy();
    expect(tableStatus().textContent).toBe('');
    rerender(<Harness rows={[]} isLoading />);
    expect(within(screen.getByRole('grid')).getByText('Loading…')).toBeTruthy();
    const container = screen.getByRole('grid').closest('[data-table-container]')!;
    expect(container.getAttribute('aria-busy')).toBe('true');
    expect(container.getAttribute('data-loading')).toBe('true');
    expect(tableStatus().textContent).toBe('Loading…');
  });

  it('reserves the space of the rows to come with skeleton rows, hidden from screen readers', () => {
    const columns = COLUMNS;
    render(
      <DataTable
        aria-label="Campaigns"
        columns={columns}
        rows={[]}
        getRowId={(r) => r.id}
        isLoading
        skeletonRows={20}
        loadingText="Loading campaigns…"
      />,
    );
    const skeleton = screen.getByRole('grid').querySelector('[data-table-skeleton]')!;
    expect(skeleton.getAttribute('aria-hidden')).toBe('true');
    expect(skeleton.querySelectorAll('[data-skeleton-row]')).toHaveLength(20);
    expect(tableStatus().textContent).toBe('Loading campaigns…');
  });

  it('keeps the rows while loading the next ones, says so, and renders no row again for it', () => {
    let cellRenders = 0;
    const columns: DataTableColumn<Campaign>[] = [
      {
        id: 'name',
        header: 'Name',
        isRowHeader: true,
        cell: (r) => {
          cellRenders++;
          return r.name;
        },
      },
    ];
    const rowId = (r: Campaign) => r.id;
    const table = (isLoading: boolean) => (
      // New inline handlers on every render, as callers write them.
      <DataTable
        aria-label="Campaigns"
        columns={columns}
        rows={ROWS}
        getRowId={rowId}
        isLoading={isLoading}
        onSortChange={() => {}}
        onSelectionChange={() => {}}
        loadingText="Loading campaigns…"
      />
    );
    const { rerender } = render(table(false));
    const before = cellRenders;
    expect(before).toBeGreaterThan(0);
    rerender(table(true));
    expect(names()).toEqual(['Spring test', 'Newsletter', 'Quiz']);
    expect(tableStatus().textContent).toBe('Loading campaigns…');
    rerender(table(false));
    expect(tableStatus().textContent).toBe('');
    expect(cellRenders).toBe(before);
  });

  it('moves between cells with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.tab();
    const row = () => document.activeElement?.closest('[role=row]')?.getAttribute('data-key');
    expect(document.activeElement?.closest('[role=grid]')).toBeTruthy();
    const first = row();
    await user.keyboard('{ArrowDown}');
    expect(row()).not.toBe(first);
    await user.keyboard('{ArrowUp}');
    expect(row()).toBe(first);
  });

  it('has no axe violations, collapsed and expanded', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Variants of Spring test' }));
    await expectNoAxeViolations();
  });
});

describe('DataTable virtualised', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the scroll view a size, as a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  });
  afterEach(() => vi.restoreAllMocks());

  // The same at 100,000 rows, scrolled to the middle and the end and driven by keyboard, is proved in
  // a real browser: the gallery's test (packages/gallery/test/gallery.test.ts).
  it('renders only the rows in view out of 1,000, and says how many rows there are', () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({ id: i + 1, name: `Lead ${i + 1}`, leads: i }));
    render(
      <VirtualizedDataTable
        aria-label="Leads"
        columns={COLUMNS}
        rows={rows}
        getRowId={(r) => r.id}
        rowHeight={40}
        height={400}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Leads' });
    expect(grid.getAttribute('aria-rowcount')).toBe('1001');
    const rendered = within(grid).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(within(grid).getByRole('rowheader', { name: 'Lead 1' })).toBeTruthy();
    expect(within(grid).queryByRole('rowheader', { name: 'Lead 1000' })).toBeNull();
  });
});

describe('Pagination', () => {
  it('windows the page numbers around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5].filter((p) => p !== 3 && p !== 4).length ? [1, 2, null, 5] : []);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  function Pager() {
    const [page, setPage] = useState(1);
    const [size, setSize] = useState(25);
    return (
      <Pagination
        page={page}
        pageSize={size}
        total={1000}
        onPageChange={setPage}
        pageSizeOptions={[25, 50, 100, 200]}
        onPageSizeChange={setSize}
      />
    );
  }

  it('goes to previous, next and a chosen page, marks the current page, and jumps with Enter', async () => {
    const user = userEvent.setup();
    render(<Pager />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('button', { name: 'Page 40' }));
    expect(within(nav).getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
    const jump = within(nav).getByRole('textbox', { name: 'Go to page' });
    await user.type(jump, '41{Enter}');
    expect(screen.getByText('Enter a page from 1 to 40.')).toBeTruthy();
    expect(jump.getAttribute('aria-invalid')).toBe('true');
    await user.clear(jump);
    await user.type(jump, '7{Enter}');
    expect(within(nav).getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations();
  });

  it('changes the page size from the select', async () => {
    const user = userEvent.setup();
    render(<Pager />);
    await user.click(screen.getByRole('button', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '200 / page' }));
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 6' })).toBeNull();
  });
});
