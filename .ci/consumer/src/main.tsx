import '@lead/styles/styles.css';
import { Button } from '@lead/headless/Button';
import { DataTable, type DataTableSort } from '@lead/headless/DataTable';
import { DateRangePicker, Temporal, type DayRange } from '@lead/headless/DateRangePicker';
import { TextField } from '@lead/headless/TextField';
import { Tooltip } from '@lead/headless/Tooltip';
import type { Key } from '@lead/headless/types';
import { base, lightTheme } from '@lead/styles';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Everything } from './Everything';
import { EXAMPLES } from './examples/index';

/*
 * Another team's screen, written from docs/components alone: every import comes from the two
 * installed packages (no react-aria-components or temporal-polyfill of our own).
 */
interface Row {
  id: number;
  name: string;
  leads: number;
}
const ROWS: Row[] = [
  { id: 1, name: 'Heart health', leads: 42 },
  { id: 2, name: 'Flu vaccine', leads: 7 },
];

function App() {
  const [presses, setPresses] = useState(0);
  const [email, setEmail] = useState('');
  const [sort, setSort] = useState<DataTableSort>({ column: 'leads', direction: 'descending' });
  const [range, setRange] = useState<DayRange | null>({
    start: Temporal.PlainDate.from('2026-11-01'),
    end: Temporal.PlainDate.from('2026-11-07'),
  });
  const [lastAction, setLastAction] = useState<Key | null>(null);
  // Sorting is the caller's: the table shows the rows in the order it is given.
  const rows = [...ROWS].sort(
    (a, b) =>
      (sort.direction === 'ascending' ? 1 : -1) *
      (sort.column === 'name' ? a.name.localeCompare(b.name) : a.leads - b.leads),
  );
  return (
    <>
      <main>
        <h1>Consumer fixture</h1>
        <Tooltip content="Counts the presses">
          <Button variant="primary" onPress={() => setPresses((n) => n + 1)}>
            Press me
          </Button>
        </Tooltip>
        <p role="status">Pressed {presses} times</p>
        <TextField label="Email" type="email" value={email} onChange={setEmail} />
        <DateRangePicker
          label="Performance date"
          value={range}
          onChange={setRange}
          today={Temporal.PlainDate.from('2026-11-22')}
        />
        <p>Range: {range ? `${range.start.toString()} to ${range.end.toString()}` : 'none'}</p>
        <DataTable
          aria-label="Campaigns"
          columns={[
            { id: 'name', header: 'Name', cell: (r: Row) => r.name, isRowHeader: true, sortable: true },
            { id: 'leads', header: 'Leads', cell: (r: Row) => r.leads, sortable: true, align: 'end' },
          ]}
          rows={rows}
          getRowId={(r) => r.id}
          sort={sort}
          onSortChange={setSort}
          rowActions={() => [{ id: 'open', label: 'Open' }]}
          onRowAction={(_, action) => setLastAction(action)}
        />
        <p>Last action: {lastAction === null ? 'none' : String(lastAction)}</p>
        <Everything />
      </main>
      <aside aria-label="Docs examples">
        {EXAMPLES.map(({ page, Example }) => (
          <section key={page} aria-label={`${page} example`} data-example={page}>
            <Example />
          </section>
        ))}
      </aside>
    </>
  );
}

document.documentElement.classList.add(lightTheme);
document.body.classList.add(base);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
