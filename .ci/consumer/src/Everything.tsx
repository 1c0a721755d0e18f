import { useState } from 'react';
import { BlockPalette } from '@lead/headless/BlockPalette';
import { Button } from '@lead/headless/Button';
import { Checkbox, CheckboxGroup } from '@lead/headless/Checkbox';
import { ColumnSetSwitch, DataTable, Pagination, RowActionsMenu } from '@lead/headless/DataTable';
import { DateRangePicker, Temporal } from '@lead/headless/DateRangePicker';
import { ConfirmDialog, Dialog, DialogTrigger } from '@lead/headless/Dialog';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { CheckboxMenu, DebouncedSearchField, TagInput } from '@lead/headless/Filters';
import { LoadingOverlay } from '@lead/headless/LoadingOverlay';
import { MenuButton } from '@lead/headless/Menu';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { ComboBox, Select } from '@lead/headless/Select';
import { Stepper, useStepper } from '@lead/headless/Stepper';
import { Switch } from '@lead/headless/Switch';
import { Tabs } from '@lead/headless/Tabs';
import { TextField } from '@lead/headless/TextField';
import { Timeline } from '@lead/headless/Timeline';
import { ToastRegion, createToastQueue, showToast } from '@lead/headless/Toast';
import { Tooltip } from '@lead/headless/Tooltip';
import { VirtualizedDataTable } from '@lead/headless/VirtualizedDataTable';

/*
 * Every component with what a team composes onto it: a className, a style, a ref, data-testid and a
 * DOM handler. The smoke test checks in Chromium that each reached the component's root: the
 * element with that data-testid has the class and the style, is the ref's element, and counts a
 * double click.
 */
export const probes: { refs: Record<string, Element | null>; hits: Record<string, number> } = { refs: {}, hits: {} };
declare global {
  interface Window {
    probes: typeof probes;
  }
}
window.probes = probes;

function probe(name: string) {
  return {
    'data-testid': name,
    className: 'consumer-class',
    style: { outlineColor: 'rgb(1, 2, 3)' },
    ref: (el: Element | null) => {
      probes.refs[name] = el;
    },
    onDoubleClick: () => {
      probes.hits[name] = (probes.hits[name] ?? 0) + 1;
    },
  };
}

const queue = createToastQueue();
showToast(queue, { title: 'Saved', tone: 'success' }, { timeout: 0 });
const today = Temporal.PlainDate.from('2026-11-22');
interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [{ id: 1, name: 'Probe row' }];
const columns = [{ id: 'name', header: 'Name', cell: (r: Row) => r.name, isRowHeader: true }];

export function Everything() {
  const [confirming, setConfirming] = useState(false);
  const stepper = useStepper({
    steps: [
      { id: 'settings', label: 'SETTINGS', isValid: true },
      { id: 'design', label: 'DESIGN', isValid: true },
    ],
  });
  return (
    <section aria-label="Every component">
      <Button {...probe('Button')}>Plain button</Button>
      <Switch {...probe('Switch')}>Active</Switch>
      <Checkbox {...probe('Checkbox')}>Agree</Checkbox>
      <CheckboxGroup {...probe('CheckboxGroup')} label="Devices" options={[{ value: 'mobile', label: 'Mobile' }]} />
      <RadioGroup {...probe('RadioGroup')} label="Layout" options={[{ value: 'a', label: 'A' }]} />
      <TextField {...probe('TextField')} label="Name" />
      <Select {...probe('Select')} label="Site" options={[{ id: 1, label: 'One' }]} />
      <ComboBox {...probe('ComboBox')} label="Client" options={[{ id: 1, label: 'One' }]} />
      <Tabs {...probe('Tabs')} aria-label="Report" tabs={[{ id: 'a', label: 'Tab A', content: 'Panel A' }]} />
      <Tooltip {...probe('Tooltip')} content="Always shown" isOpen>
        <Button>Described</Button>
      </Tooltip>
      <MenuButton {...probe('MenuButton')} items={[{ id: 'logout', label: 'Log out' }]}>
        Account
      </MenuButton>
      <DialogTrigger>
        <Button>Open dialog</Button>
        <Dialog {...probe('Dialog')} title="Edit">
          Body
        </Dialog>
      </DialogTrigger>
      <Button onPress={() => setConfirming(true)}>Open confirm</Button>
      <ConfirmDialog
        {...probe('ConfirmDialog')}
        isOpen={confirming}
        title="Do you want delete campaign?"
        onConfirm={() => setConfirming(false)}
        onCancel={() => setConfirming(false)}
      />
      <ToastRegion {...probe('ToastRegion')} queue={queue} />
      <FileDropZone {...probe('FileDropZone')} label="Drop a CSV file" onFiles={() => {}} />
      <CheckboxMenu {...probe('CheckboxMenu')} label="Status" options={[{ id: 1, label: 'Active' }]} />
      <DebouncedSearchField {...probe('DebouncedSearchField')} label="Search" />
      <TagInput {...probe('TagInput')} label="by Tag" />
      <DateRangePicker {...probe('DateRangePicker')} label="Date range" today={today} />
      <ColumnSetSwitch {...probe('ColumnSetSwitch')} aria-label="Columns" sets={['Information', 'Report']} />
      <RowActionsMenu
        {...probe('RowActionsMenu')}
        label="Actions for a probe"
        actions={[{ id: 'edit', label: 'Edit' }]}
        onAction={() => {}}
      />
      <DataTable
        {...probe('DataTable')}
        aria-label="Every table"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
      />
      <VirtualizedDataTable
        {...probe('VirtualizedDataTable')}
        aria-label="Every virtual table"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        height={120}
        rowHeight={40}
      />
      <Pagination {...probe('Pagination')} total={100} />
      <Stepper {...probe('Stepper')} state={stepper} />
      <Stepper.Nav {...probe('StepperNav')} state={stepper}>
        <Button>Save draft</Button>
      </Stepper.Nav>
      <LoadingOverlay {...probe('LoadingOverlay')} isLoading={false}>
        Covered content
      </LoadingOverlay>
      <Timeline
        {...probe('Timeline')}
        aria-label="History"
        items={[1]}
        getKey={(i) => i}
        getTime={() => ({ dateTime: '2026-11-22', label: 'Nov 22, 2026' })}
      >
        {() => 'Created'}
      </Timeline>
      <BlockPalette
        {...probe('BlockPalette')}
        palette={[{ type: 'email', label: 'Email' }]}
        createBlock={(type) => ({ id: type, type, label: type })}
      />
    </section>
  );
}
