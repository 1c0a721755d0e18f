import { BlockPalette, type CanvasBlock } from '@lead/headless/BlockPalette';
import { Checkbox, CheckboxGroup } from '@lead/headless/Checkbox';
import { ColumnSetSwitch, DataTable, Pagination, type DataTableSort } from '@lead/headless/DataTable';
import { VirtualizedDataTable } from '@lead/headless/VirtualizedDataTable';
import { DateRangePicker, type DayRange } from '@lead/headless/DateRangePicker';
import { ConfirmDialog, Dialog } from '@lead/headless/Dialog';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { CheckboxMenu, DebouncedSearchField, TagInput } from '@lead/headless/Filters';
import { LoadingOverlay } from '@lead/headless/LoadingOverlay';
import { MenuButton } from '@lead/headless/Menu';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { ComboBox, Select } from '@lead/headless/Select';
import { Stepper, StepperNav, useStepper } from '@lead/headless/Stepper';
import { Switch } from '@lead/headless/Switch';
import { Tabs } from '@lead/headless/Tabs';
import { TextField } from '@lead/headless/TextField';
import { Timeline } from '@lead/headless/Timeline';
import { createToastQueue, showToast, ToastRegion } from '@lead/headless/Toast';
import { Tooltip } from '@lead/headless/Tooltip';
import { base, darkTheme, lightTheme } from '@lead/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@lead/headless/Button';
import { Button as AriaButton } from 'react-aria-components';
import { Temporal } from 'temporal-polyfill';
import { Tokens } from './Tokens.js';

const toasts = createToastQueue();
type Theme = 'light' | 'dark';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="gallery-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

interface Row {
  id: number;
  name: string;
  site: string;
  leads: number;
  variants?: Row[];
}
const ROWS: Row[] = [
  {
    id: 101,
    name: 'Autumn vitamins',
    site: 'bacsi-online.vn',
    leads: 1520,
    variants: [
      { id: 102, name: 'Autumn vitamins A', site: 'bacsi-online.vn', leads: 700 },
      { id: 103, name: 'Autumn vitamins B', site: 'bacsi-online.vn', leads: 820 },
    ],
  },
  { id: 104, name: 'Pregnancy newsletter', site: 'mebau.vn', leads: 312 },
  { id: 105, name: 'Heart quiz', site: 'sehatku.id', leads: 48 },
  // More than the 260 px table shows, so that it scrolls and PageDown has a page to move by.
  ...['Sleep', 'Diabetes', 'Skin care', 'Allergy', 'Eye health', 'Running', 'Nutrition', 'Back pain'].map(
    (topic, i) => ({
      id: 106 + i,
      name: `${topic} guide`,
      site: i % 2 ? 'mebau.vn' : 'bacsi-online.vn',
      leads: 90 + i * 37,
    }),
  ),
];

function TableDemo() {
  const [sort, setSort] = useState<DataTableSort>({ column: 'name', direction: 'ascending' });
  const [set, setSet] = useState('Information');
  const [expanded, setExpanded] = useState<Set<string | number>>(new Set([101]));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(25);
  const rows = [...ROWS].sort(
    (a, b) =>
      (sort.direction === 'ascending' ? 1 : -1) *
      String(a[sort.column as 'name']).localeCompare(String(b[sort.column as 'name']), undefined, { numeric: true }),
  );
  return (
    <>
      <ColumnSetSwitch aria-label="Columns" sets={['Information', 'Report']} value={set} onChange={setSet} />
      <DataTable
        aria-label="Campaigns"
        columns={[
          { id: 'name', header: 'Name', cell: (r) => r.name, isRowHeader: true, sortable: true },
          { id: 'site', header: 'Site', cell: (r) => r.site, sortable: true },
          { id: 'leads', header: 'Leads', cell: (r) => r.leads.toLocaleString('en-US'), sortable: true, align: 'end' },
        ]}
        columnSets={{ Information: ['name', 'site'], Report: ['name', 'leads'] }}
        columnSet={set}
        rows={rows}
        getRowId={(r) => r.id}
        sort={sort}
        onSortChange={setSort}
        selectionMode="multiple"
        getChildRows={(r) => r.variants}
        expandedKeys={expanded}
        onExpandedChange={setExpanded}
        expandLabel={(r) => `Variants of ${r.name}`}
        rowActions={() => [
          { id: 'rename', label: 'Rename' },
          { id: 'delete', label: 'Delete' },
        ]}
        onRowAction={(r, a) => showToast(toasts, { title: `${a} ${r.name}`, tone: 'info' })}
        height={260}
      />
      <Pagination
        page={page}
        pageSize={size}
        total={1234}
        onPageChange={setPage}
        pageSizeOptions={[25, 50, 100, 200]}
        onPageSizeChange={setSize}
      />
      <h3>Empty and loading</h3>
      <DataTable
        aria-label="No campaigns"
        columns={[{ id: 'name', header: 'Name', cell: (r: Row) => r.name, isRowHeader: true }]}
        rows={[]}
        getRowId={(r) => r.id}
        emptyState="There is no campaign at the moment"
      />
      <DataTable
        aria-label="Loading campaigns"
        columns={[{ id: 'name', header: 'Name', cell: (r: Row) => r.name, isRowHeader: true }]}
        rows={[]}
        getRowId={(r) => r.id}
        isLoading
      />
    </>
  );
}

const LEADS = Array.from({ length: 100_000 }, (_, i) => ({
  id: i + 1,
  email: `reader${i + 1}@example.com`,
  phone: `09${String(10_000_000 + i).slice(0, 8)}`,
}));
function VirtualDemo() {
  return (
    <VirtualizedDataTable
      aria-label="Leads"
      columns={[
        { id: 'id', header: '#', cell: (r) => r.id },
        { id: 'email', header: 'Email', cell: (r) => r.email, isRowHeader: true },
        { id: 'phone', header: 'Phone', cell: (r) => r.phone },
      ]}
      rows={LEADS}
      getRowId={(r) => r.id}
      rowHeight={36}
      height={300}
    />
  );
}

const PALETTE = [
  { type: 'Email', label: 'Email' },
  { type: 'Phone', label: 'Phone' },
  { type: 'PhoneOTP', label: 'Phone OTP' },
  { type: 'Location', label: 'Location' },
  { type: 'Submit', label: 'Submit' },
];
let blockSeq = 0;
function PaletteDemo() {
  const [blocks, setBlocks] = useState<CanvasBlock[]>([{ id: 'b0', type: 'Email', label: 'Email' }]);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <BlockPalette
      palette={PALETTE}
      blocks={blocks}
      onChange={setBlocks}
      createBlock={(type) => ({ id: `b${++blockSeq}`, type, label: PALETTE.find((p) => p.type === type)!.label })}
      canAdd={(type, bs) =>
        ['PhoneOTP', 'Location'].includes(type) && bs.some((b) => b.type === type)
          ? `Only one ${type === 'PhoneOTP' ? 'OTP' : 'Location'} block is allowed.`
          : null
      }
      onRefuse={(m) => showToast(toasts, { title: m, tone: 'error' })}
      selectedId={selected}
      onSelect={setSelected}
      canvasLabel="Form blocks"
    />
  );
}

function StepperDemo() {
  const [name, setName] = useState('');
  const state = useStepper({
    mode: 'linear',
    steps: [
      { id: 'target', label: 'TARGET', isValid: name.trim() !== '' },
      { id: 'template', label: 'TEMPLATE', isValid: true },
      { id: 'trigger', label: 'TRIGGER', isValid: true },
    ],
  });
  return (
    <>
      <Stepper state={state} aria-label="Campaign steps" />
      {state.current === 'target' ? (
        <TextField label="Link" value={name} onChange={setName} description="Next is enabled once the step is valid" />
      ) : (
        <p>Step {state.current}</p>
      )}
      <StepperNav state={state} finish={<Button variant="primary">Comfirm</Button>} />
    </>
  );
}

export function Gallery() {
  const initial = (new URLSearchParams(location.search).get('theme') as Theme | null) ?? 'light';
  const [theme, setTheme] = useState<Theme>(initial);
  useEffect(() => {
    const html = document.documentElement;
    html.classList.remove(lightTheme, darkTheme);
    html.classList.add(theme === 'dark' ? darkTheme : lightTheme);
    html.dataset.theme = theme;
    document.body.classList.add(base);
  }, [theme]);

  const today = Temporal.PlainDate.from('2026-11-21');
  const [range, setRange] = useState<DayRange | null>({ start: today.subtract({ days: 6 }), end: today });
  const [tags, setTags] = useState(['nutrition']);
  const [status, setStatus] = useState([1, -1, 4]);
  const [search, setSearch] = useState('');
  const [email, setEmail] = useState('not-an-email');
  const [site, setSite] = useState<number | null>(null);
  const [client, setClient] = useState<number | null>(1);
  const [remember, setRemember] = useState(true);
  const [devices, setDevices] = useState(['desktop']);
  const [active, setActive] = useState(true);
  const [trigger, setTrigger] = useState<'landing' | 'scroll'>('landing');
  const [dialog, setDialog] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const sites = [
    { id: 1, label: 'bacsi-online.vn', description: 'Vietnam' },
    { id: 2, label: 'mebau.vn', description: 'Vietnam' },
    { id: 3, label: 'sehatku.id', description: 'Indonesia' },
  ];

  return (
    <>
      <header className="gallery-header">
        <h1>Lead components</h1>
        <RadioGroup
          label="Theme"
          orientation="horizontal"
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          value={theme}
          onChange={setTheme}
        />
      </header>
      <main className="gallery-main">
        <Section id="tokens" title="Design tokens">
          <Tokens theme={theme} />
        </Section>
        <Section id="table" title="DataTable and Pagination">
          <TableDemo />
        </Section>
        <Section id="virtual" title="DataTable, 100,000 rows (virtualised)">
          <VirtualDemo />
        </Section>
        <Section id="dates" title="DateRangePicker">
          <DateRangePicker label="Performance" value={range} onChange={setRange} today={today} />
        </Section>
        <Section id="filters" title="Filters">
          <DebouncedSearchField label="Search campaigns" value={search} onSearch={setSearch} />
          <TagInput label="by Tag" value={tags} onChange={setTags} />
          <CheckboxMenu
            label="Status"
            options={[
              { id: 1, label: 'Active' },
              { id: -1, label: 'Inactive' },
              { id: 4, label: 'AB Test' },
            ]}
            value={status}
            onChange={setStatus}
          />
        </Section>
        <Section id="stepper" title="Stepper">
          <StepperDemo />
        </Section>
        <Section id="palette" title="BlockPalette">
          <PaletteDemo />
        </Section>
        <Section id="fields" title="Fields">
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            isRequired
            errorMessage={email.includes('@') ? null : 'Email is not valid'}
          />
          <Select
            label="Site"
            options={sites}
            value={site}
            onChange={setSite}
            errorMessage={site === null ? 'Please select site' : null}
          />
          <ComboBox label="Client" options={sites} value={client} onChange={setClient} />
          <Checkbox isSelected={remember} onChange={setRemember}>
            Remember Me
          </Checkbox>
          <CheckboxGroup
            label="Devices"
            options={[
              { value: 'desktop', label: 'Desktop' },
              { value: 'mobile', label: 'Mobile' },
            ]}
            value={devices}
            onChange={setDevices}
          />
          <Switch isSelected={active} onChange={setActive}>
            Active
          </Switch>
          <RadioGroup
            label="Trigger"
            options={[
              { value: 'landing', label: 'On Landing' },
              { value: 'scroll', label: 'On Scroll' },
            ]}
            value={trigger}
            onChange={setTrigger}
          />
          <FileDropZone
            label="Import CSV"
            accept={['.csv', 'text/csv']}
            maxSize={10 * 1024 * 1024}
            onFiles={(f) => showToast(toasts, { title: `${f[0]!.name} ready`, tone: 'success' })}
            hint="A CSV file of at most 10 MB"
          />
        </Section>
        <Section id="overlays" title="Dialogs, menus, tabs, tooltips, toasts">
          <Button onPress={() => setDialog(true)}>Rename campaign</Button>
          <Button onPress={() => setConfirm(true)} variant="danger">
            Delete campaign
          </Button>
          <MenuButton
            aria-label="LA: account menu"
            items={[
              { id: 'setting', label: 'Setting' },
              { id: 'history', label: 'System History' },
              'separator',
              { id: 'logout', label: 'Log out' },
            ]}
          >
            LA
          </MenuButton>
          <Tooltip content="Copy the campaign code">
            <Button aria-label="Copy code">⧉</Button>
          </Tooltip>
          <Button onPress={() => showToast(toasts, { title: 'Saved!', tone: 'success' })} variant="primary">
            Show a toast
          </Button>
          <Tabs
            aria-label="Filter by"
            tabs={[
              { id: 'name', label: 'by Name', content: 'Names' },
              { id: 'link', label: 'by Link', content: 'Links' },
              { id: 'tag', label: 'by Tag', content: 'Tags' },
            ]}
          />
          <Dialog
            isOpen={dialog}
            onOpenChange={setDialog}
            title="Rename"
            footer={
              <Button onPress={() => setDialog(false)} variant="primary">
                Save
              </Button>
            }
          >
            <TextField label="Campaign name" value="Autumn vitamins" onChange={() => {}} />
          </Dialog>
          <ConfirmDialog
            isOpen={confirm}
            title="Do you want delete campaign?"
            message="You won't be able to revert this!"
            confirmLabel="Yes, delete it!"
            tone="danger"
            onConfirm={() => setConfirm(false)}
            onCancel={() => setConfirm(false)}
          />
        </Section>
        <Section id="timeline" title="Timeline and LoadingOverlay">
          <LoadingOverlay isLoading label="Loading history">
            <Timeline
              aria-label="System history"
              items={[
                { id: 1, at: '2026-11-21T08:15:00+07:00', text: 'Lan Anh created campaign Autumn vitamins' },
                { id: 2, at: '2026-11-20T17:02:00+07:00', text: 'Minh renamed campaign Heart quiz' },
              ]}
              getKey={(i) => i.id}
              getTime={(i) => ({ dateTime: i.at, label: i.at.slice(0, 16).replace('T', ' ') })}
            >
              {(i) => i.text}
            </Timeline>
          </LoadingOverlay>
        </Section>
        <Section id="host" title="The host page's own controls">
          {/* Not ours: @lead/styles must leave them as the browser draws them. */}
          <div data-host-controls="">
            <AriaButton>A react-aria button of the page's own</AriaButton>
            <button type="button">A native button</button>
            <span data-host-motion="">Moving</span>
          </div>
        </Section>
      </main>
      <ToastRegion queue={toasts} />
    </>
  );
}
