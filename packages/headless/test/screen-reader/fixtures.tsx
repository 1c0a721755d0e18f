import { useState, type ReactElement } from 'react';
import { Temporal } from 'temporal-polyfill';
import {
  BlockPalette,
  Button,
  Checkbox,
  CheckboxGroup,
  CheckboxMenu,
  ConfirmDialog,
  ColumnSetSwitch,
  ComboBox,
  DebouncedSearchField,
  DataTable,
  DateRangePicker,
  Dialog,
  DialogTrigger,
  FileDropZone,
  LoadingOverlay,
  MenuButton,
  Pagination,
  RadioGroup,
  RowActionsMenu,
  Select,
  Stepper,
  StepperNav,
  Switch,
  Tabs,
  TagInput,
  TextField,
  Timeline,
  ToastRegion,
  Tooltip,
  VirtualizedDataTable,
  createToastQueue,
  showToast,
  useStepper,
  type CanvasBlock,
} from '../../src/index.js';

/** What each transcript walks: a small page with the component in the state its task starts from. */
interface Campaign {
  id: number;
  name: string;
  leads: number;
}
const CAMPAIGNS: Campaign[] = [
  { id: 1, name: 'Spring sale', leads: 30 },
  { id: 2, name: 'Flu quiz', leads: 12 },
];
const COLUMNS = [
  { id: 'name', header: 'Name', cell: (c: Campaign) => c.name, isRowHeader: true, sortable: true },
  { id: 'leads', header: 'Leads', cell: (c: Campaign) => c.leads, align: 'end' as const },
];
const getId = (c: Campaign) => c.id;

function Saving() {
  const [saved, setSaved] = useState(false);
  return (
    <>
      <Button variant="primary" onPress={() => setSaved(true)}>
        Save
      </Button>
      <p role="status">{saved ? 'Saved' : ''}</p>
    </>
  );
}

function Wizard() {
  const state = useStepper({
    steps: [
      { id: 'settings', label: 'SETTINGS', isValid: true },
      { id: 'design', label: 'DESIGN', isValid: true },
    ],
  });
  return (
    <>
      <Stepper state={state} aria-label="Campaign steps" />
      <StepperNav state={state} finish={<Button variant="primary">Comfirm</Button>} />
    </>
  );
}

function Confirming() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onPress={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        isOpen={open}
        title="Do you want delete campaign?"
        message="You won't be able to revert this!"
        tone="danger"
        onConfirm={() => setOpen(false)}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

const toasts = createToastQueue();
function Toasting() {
  return (
    <>
      <Button
        onPress={() =>
          showToast(toasts, { title: 'Saved', description: 'The campaign is saved.', tone: 'success' }, { timeout: 0 })
        }
      >
        Save
      </Button>
      <ToastRegion queue={toasts} />
    </>
  );
}

function Blocks() {
  const [blocks, setBlocks] = useState<CanvasBlock[]>([{ id: 'b1', type: 'name', label: 'Name' }]);
  return (
    <BlockPalette
      palette={[
        { type: 'email', label: 'Email' },
        { type: 'phone', label: 'Phone' },
      ]}
      blocks={blocks}
      onChange={setBlocks}
      createBlock={(type) => ({ id: `b-${type}`, type, label: type === 'email' ? 'Email' : 'Phone' })}
    />
  );
}

export const FIXTURES: Record<string, () => ReactElement> = {
  Button: () => <Saving />,
  Checkbox: () => (
    <>
      <CheckboxGroup
        label="Devices"
        defaultValue={['desktop']}
        options={[
          { value: 'desktop', label: 'Desktop' },
          { value: 'mobile', label: 'Mobile' },
        ]}
      />
      <Checkbox>Remember Me</Checkbox>
      <Switch defaultSelected>Active</Switch>
    </>
  ),
  RadioGroup: () => (
    <RadioGroup
      label="Gender"
      defaultValue="1"
      options={[
        { value: '1', label: 'Male' },
        { value: '0', label: 'Female' },
      ]}
    />
  ),
  TextField: () => <TextField label="Email" type="email" isRequired errorMessage="The email field is required." />,
  Select: () => (
    <Select
      label="Site"
      options={[
        { id: 1, label: 'bacsi-online.vn' },
        { id: 2, label: 'hellosuckhoe.id' },
      ]}
    />
  ),
  ComboBox: () => (
    <ComboBox
      label="Client"
      options={[
        { id: 1, label: 'Pharmacity' },
        { id: 2, label: 'Prudential' },
      ]}
    />
  ),
  DebouncedSearchField: () => <DebouncedSearchField label="Search" />,
  ColumnSetSwitch: () => <ColumnSetSwitch aria-label="Columns" sets={['Information', 'Report']} />,
  Tabs: () => (
    <Tabs
      aria-label="Report"
      tabs={[
        { id: 'overview', label: 'Overview', content: 'Leads by day' },
        { id: 'leads', label: 'Leads', content: 'Every lead' },
      ]}
    />
  ),
  Menu: () => (
    <MenuButton
      items={[
        { id: 'profile', label: 'Profile' },
        { id: 'logout', label: 'Log out' },
      ]}
    >
      Account
    </MenuButton>
  ),
  Dialog: () => (
    <DialogTrigger>
      <Button>Edit</Button>
      <Dialog title="Edit campaign" footer={<Button variant="primary">Save</Button>}>
        Change the name.
      </Dialog>
    </DialogTrigger>
  ),
  ConfirmDialog: () => <Confirming />,
  Tooltip: () => (
    <Tooltip content="Copies the code">
      <Button>Copy</Button>
    </Tooltip>
  ),
  Toast: () => <Toasting />,
  DataTable: () => (
    <DataTable
      aria-label="Campaigns"
      columns={COLUMNS}
      rows={CAMPAIGNS}
      getRowId={getId}
      defaultSort={{ column: 'name', direction: 'ascending' }}
    />
  ),
  RowActionsMenu: () => (
    <RowActionsMenu
      label="Actions for Spring sale"
      actions={[
        { id: 'edit', label: 'Edit' },
        { id: 'duplicate', label: 'Duplicate' },
      ]}
      onAction={() => {}}
    />
  ),
  Pagination: () => <Pagination total={60} defaultPageSize={20} showQuickJump={false} />,
  VirtualizedDataTable: () => (
    <VirtualizedDataTable
      aria-label="Leads"
      columns={COLUMNS}
      rows={CAMPAIGNS}
      getRowId={getId}
      height={200}
      rowHeight={40}
    />
  ),
  'VirtualizedDataTable sorting': () => (
    <VirtualizedDataTable
      aria-label="Campaigns"
      columns={COLUMNS}
      rows={CAMPAIGNS}
      getRowId={getId}
      defaultSort={{ column: 'name', direction: 'ascending' }}
      height={200}
      rowHeight={40}
    />
  ),
  Stepper: () => <Wizard />,
  CheckboxMenu: () => (
    <>
      <CheckboxMenu
        label="Status"
        options={[
          { id: 1, label: 'Active' },
          { id: 3, label: 'Expired' },
        ]}
      />
    </>
  ),
  TagInput: () => <TagInput label="by Tag" />,
  DateRangePicker: () => <DateRangePicker label="Date range" today={Temporal.PlainDate.from('2026-11-23')} />,
  FileDropZone: () => <FileDropZone label="Drop a CSV file or choose one" accept={['.csv']} onFiles={() => {}} />,
  LoadingOverlay: () => (
    <LoadingOverlay isLoading label="Loading campaigns">
      <p>Spring sale</p>
    </LoadingOverlay>
  ),
  Timeline: () => (
    <Timeline
      aria-label="System history"
      items={[
        { id: 2, at: '2026-11-23T09:00:00Z', label: 'Nov 23, 2026', text: 'Updated block Email' },
        { id: 1, at: '2026-11-22T09:00:00Z', label: 'Nov 22, 2026', text: 'Created campaign' },
      ]}
      getKey={(i) => i.id}
      getTime={(i) => ({ dateTime: i.at, label: i.label })}
    >
      {(i) => i.text}
    </Timeline>
  ),
  BlockPalette: () => <Blocks />,
};
