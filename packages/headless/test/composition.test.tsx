import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef, type CSSProperties, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  BlockPalette,
  Button,
  Checkbox,
  CheckboxGroup,
  CheckboxMenu,
  CheckboxPicker,
  ColumnSetSwitch,
  ComboBox,
  ConfirmDialog,
  DataTable,
  DateRangePicker,
  DebouncedSearchField,
  Dialog,
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
  type StepperState,
} from '../src/index.js';
import { Temporal } from 'temporal-polyfill';

/**
 * Every component is composable as react-aria's and Radix's are: DOM props (`id`, `data-*`,
 * handlers), `ref`, `className` and `style` reach its root element, and `className` and `style`
 * add to what the component sets (react-aria's default class, which the theme may use, and the
 * inline style it needs) instead of replacing it.
 */

/** What every case passes to its component. */
interface Composed {
  id: string;
  'data-testid': string;
  className: string;
  style: CSSProperties;
  onDoubleClick: () => void;
  ref: never;
}

interface Case {
  name: string;
  render: (p: Composed) => ReactElement;
  /** react-aria's default class that stays on the root beside the consumer's; none for plain roots. */
  defaultClass?: string;
  /** An inline style of ours that the consumer's must not drop. */
  ownStyle?: [keyof CSSStyleDeclaration & string, string];
  /** Its `id` goes to its control (input, trigger), as react-aria's fields do. */
  idOnControl?: boolean;
  /** Something to do before the root exists (a toast to show). */
  before?: () => void;
}

const queue = createToastQueue();
const columns = [{ id: 'name', header: 'Name', cell: (r: { id: number; name: string }) => r.name, isRowHeader: true }];
const rows = [{ id: 1, name: 'Spring sale' }];
const steps = [
  { id: 'a', label: 'SETTINGS', isValid: true },
  { id: 'b', label: 'DESIGN', isValid: true },
];
function WithStepper({ children }: { children: (state: StepperState) => ReactElement }) {
  return children(useStepper({ steps }));
}
const today = Temporal.PlainDate.from('2026-11-23');

const CASES: Case[] = [
  { name: 'Button', defaultClass: 'react-aria-Button', render: (p) => <Button {...p}>Save</Button> },
  {
    name: 'Switch',
    idOnControl: true,
    defaultClass: 'react-aria-Switch',
    render: (p) => <Switch {...p}>Active</Switch>,
  },
  {
    name: 'Checkbox',
    idOnControl: true,
    defaultClass: 'react-aria-Checkbox',
    render: (p) => <Checkbox {...p}>Agree</Checkbox>,
  },
  {
    name: 'CheckboxGroup',
    defaultClass: 'react-aria-CheckboxGroup',
    render: (p) => <CheckboxGroup {...p} label="Devices" options={[{ value: 'mobile', label: 'Mobile' }]} />,
  },
  {
    name: 'RadioGroup',
    defaultClass: 'react-aria-RadioGroup',
    render: (p) => <RadioGroup {...p} label="Layout" options={[{ value: 'a', label: 'A' }]} />,
  },
  {
    name: 'TextField',
    idOnControl: true,
    defaultClass: 'react-aria-TextField',
    render: (p) => <TextField {...p} label="Name" />,
  },
  {
    name: 'Select',
    idOnControl: true,
    defaultClass: 'react-aria-Select',
    render: (p) => <Select {...p} label="Site" options={[{ id: 1, label: 'One' }]} />,
  },
  {
    name: 'ComboBox',
    idOnControl: true,
    defaultClass: 'react-aria-ComboBox',
    render: (p) => <ComboBox {...p} label="Client" options={[{ id: 1, label: 'One' }]} />,
  },
  {
    name: 'Tabs',
    defaultClass: 'react-aria-Tabs',
    render: (p) => <Tabs {...p} aria-label="Report" tabs={[{ id: 'a', label: 'A', content: 'Panel A' }]} />,
  },
  {
    name: 'Tooltip',
    defaultClass: 'react-aria-Tooltip',
    render: (p) => (
      <Tooltip {...p} content="Copies the code" defaultOpen>
        <Button>Copy</Button>
      </Tooltip>
    ),
  },
  {
    name: 'MenuButton',
    defaultClass: 'react-aria-Button',
    render: (p) => (
      <MenuButton {...p} items={[{ id: 'logout', label: 'Log out' }]}>
        Account
      </MenuButton>
    ),
  },
  {
    name: 'Dialog',
    defaultClass: 'react-aria-Dialog',
    render: (p) => (
      <Dialog {...p} isOpen title="Edit">
        Body
      </Dialog>
    ),
  },
  {
    name: 'ConfirmDialog',
    defaultClass: 'react-aria-Dialog',
    render: (p) => (
      <ConfirmDialog {...p} isOpen title="Do you want delete campaign?" onConfirm={() => {}} onCancel={() => {}} />
    ),
  },
  {
    name: 'ToastRegion',
    defaultClass: 'react-aria-ToastRegion',
    before: () => void showToast(queue, { title: 'Saved', tone: 'success' }, { timeout: 0 }),
    render: (p) => <ToastRegion {...p} queue={queue} />,
  },
  {
    name: 'FileDropZone',
    defaultClass: 'react-aria-DropZone',
    render: (p) => <FileDropZone {...p} label="Drop a CSV file" onFiles={() => {}} />,
  },
  {
    name: 'CheckboxMenu',
    defaultClass: 'react-aria-Button',
    render: (p) => <CheckboxMenu {...p} label="Status" options={[{ id: 1, label: 'Active' }]} />,
  },
  {
    name: 'CheckboxPicker',
    defaultClass: 'react-aria-Button',
    render: (p) => (
      <CheckboxPicker {...p} label="Client" options={[{ id: 1, label: 'Acme' }]} value={[1]} onChange={() => {}} />
    ),
  },
  {
    name: 'DebouncedSearchField',
    idOnControl: true,
    defaultClass: 'react-aria-SearchField',
    render: (p) => <DebouncedSearchField {...p} label="Search" />,
  },
  { name: 'TagInput', render: (p) => <TagInput {...p} label="by Tag" /> },
  {
    name: 'DateRangePicker',
    idOnControl: true,
    defaultClass: 'react-aria-DateRangePicker',
    render: (p) => <DateRangePicker {...p} label="Date range" today={today} />,
  },
  {
    name: 'ColumnSetSwitch',
    defaultClass: 'react-aria-ToggleButtonGroup',
    render: (p) => <ColumnSetSwitch {...p} aria-label="Columns" sets={['Information', 'Report']} />,
  },
  {
    name: 'RowActionsMenu',
    defaultClass: 'react-aria-Button',
    render: (p) => (
      <RowActionsMenu
        {...p}
        label="Actions for Spring sale"
        actions={[{ id: 'edit', label: 'Edit' }]}
        onAction={() => {}}
      />
    ),
  },
  {
    name: 'DataTable',
    ownStyle: ['overflow', 'auto'],
    render: (p) => (
      <DataTable {...p} aria-label="Campaigns" columns={columns} rows={rows} getRowId={(r) => r.id} height={300} />
    ),
  },
  {
    name: 'VirtualizedDataTable',
    render: (p) => (
      <VirtualizedDataTable
        {...p}
        aria-label="Leads"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        height={300}
        rowHeight={40}
      />
    ),
  },
  { name: 'Pagination', render: (p) => <Pagination {...p} total={100} /> },
  { name: 'Stepper', render: (p) => <WithStepper>{(state) => <Stepper {...p} state={state} />}</WithStepper> },
  { name: 'StepperNav', render: (p) => <WithStepper>{(state) => <StepperNav {...p} state={state} />}</WithStepper> },
  {
    name: 'LoadingOverlay',
    ownStyle: ['position', 'relative'],
    render: (p) => (
      <LoadingOverlay {...p} isLoading>
        Content
      </LoadingOverlay>
    ),
  },
  {
    name: 'Timeline',
    render: (p) => (
      <Timeline
        {...p}
        aria-label="History"
        items={[1]}
        getKey={(i) => i}
        getTime={() => ({ dateTime: '2026-11-23', label: 'Nov 23, 2026' })}
      >
        {() => 'Created'}
      </Timeline>
    ),
  },
  {
    name: 'BlockPalette',
    render: (p) => (
      <BlockPalette
        {...p}
        palette={[{ type: 'email', label: 'Email' }]}
        createBlock={(type) => ({ id: type, type, label: type })}
      />
    ),
  },
];

describe.each(CASES)('$name', (c) => {
  it('supports DOM props, ref and className', async () => {
    c.before?.();
    const ref = createRef<HTMLElement>();
    const onDoubleClick = vi.fn();
    render(
      c.render({
        id: 'subject-id',
        'data-testid': 'subject',
        className: 'mine',
        style: { outlineColor: 'rgb(1, 2, 3)' },
        onDoubleClick,
        ref: ref as never,
      }),
    );
    const root = await screen.findByTestId('subject');
    // The root is the component's own element: ours carry data-lead.
    expect(root.hasAttribute('data-lead') || root.closest('[data-lead]') !== null).toBe(true);
    // A field's id is its control's (input, trigger), as in react-aria, so that a <label for> outside works.
    const withId = document.getElementById('subject-id');
    if (c.idOnControl) {
      expect(root.contains(withId) && withId !== root && withId!.matches('input, button, [role=group]')).toBe(true);
    } else expect(withId).toBe(root);
    expect(ref.current).toBe(root);
    expect(root.classList.contains('mine')).toBe(true);
    if (c.defaultClass) expect(root.classList.contains(c.defaultClass)).toBe(true);
    expect(root.style.outlineColor).toBe('rgb(1, 2, 3)');
    if (c.ownStyle) expect(root.style[c.ownStyle[0] as 'position']).toBe(c.ownStyle[1]);
    fireEvent.doubleClick(root);
    expect(onDoubleClick).toHaveBeenCalledTimes(1);
  });

  it('takes className and style as functions of its state', async () => {
    c.before?.();
    const className = vi.fn((state: object) =>
      typeof state === 'object' && state !== null ? 'from-state' : 'no-state',
    );
    const style = vi.fn(() => ({ outlineStyle: 'dashed' }) as CSSProperties);
    const props = { 'data-testid': 'subject', className, style } as unknown as Composed;
    render(c.render(props));
    const root = await screen.findByTestId('subject');
    await act(async () => {});
    expect(root.classList.contains('from-state')).toBe(true);
    expect(root.style.outlineStyle).toBe('dashed');
  });
});
