import { Button } from '@lead/headless/Button';
import { DateRangePicker, todayIn } from '@lead/headless/DateRangePicker';
import { Dialog } from '@lead/headless/Dialog';
import { CheckboxMenu, TagInput } from '@lead/headless/Filters';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Tabs } from '@lead/headless/Tabs';
import { TextField } from '@lead/headless/TextField';
import { Temporal } from 'temporal-polyfill';
import * as st from './campaigns.css.js';
import { DEVICE_OPTIONS, STATUS_OPTIONS, TYPE_OPTIONS, type Draft } from './FiltersPanel.js';
import type { SearchBy } from './list-query.js';
import { serverConfig } from '../../config.js';

type Sponsored = 'all' | 'yes' | 'no';
const SPONSORED_OPTIONS: Array<{ value: Sponsored; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'yes', label: 'Sponsored' },
  { value: 'no', label: 'Not sponsored' },
];

interface Props {
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
  onCancel: () => void;
  onApply: () => void;
}

/**
 * The Filters panel's dialog: tabs by Name, by Link, by Tag; created and last-update date
 * ranges; sponsored or not; Status, Device and Type menus; Cancel and Apply. Its code (tabs, calendar, temporal-polyfill)
 * loads when the list is idle or the Filters button is pressed, whichever comes first.
 */
export default function FiltersDialog({ draft, onChange: set, onCancel, onApply }: Props) {
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onCancel()}
      title="Filters"
      footer={
        <>
          <Button onPress={onCancel}>Cancel</Button>
          <Button variant="primary" onPress={onApply}>
            Apply
          </Button>
        </>
      }
    >
      <div className={st.panel}>
        <Tabs<SearchBy>
          aria-label="Search by"
          selected={draft.searchBy}
          onSelectionChange={(searchBy) => set({ searchBy })}
          tabs={[
            {
              id: 'name',
              label: 'by Name',
              content: (
                <TextField
                  label="Campaign name"
                  value={draft.searchBy === 'name' ? draft.keyword : ''}
                  onChange={(keyword) => set({ keyword })}
                />
              ),
            },
            {
              id: 'link',
              label: 'by Link',
              content: (
                <TextField
                  label="Link"
                  value={draft.searchBy === 'link' ? draft.keyword : ''}
                  onChange={(keyword) => set({ keyword })}
                />
              ),
            },
            {
              id: 'tag',
              label: 'by Tag',
              content: <TagInput label="Tags" value={draft.tags} onChange={(tags) => set({ tags })} />,
            },
          ]}
        />
        <DateRangePicker
          label="Created"
          today={todayIn(serverConfig.timeZone)}
          value={
            draft.createdFrom && draft.createdTo
              ? { start: Temporal.PlainDate.from(draft.createdFrom), end: Temporal.PlainDate.from(draft.createdTo) }
              : null
          }
          onChange={(r) => set({ createdFrom: r?.start.toString() ?? null, createdTo: r?.end.toString() ?? null })}
        />
        <DateRangePicker
          label="Last update"
          today={todayIn(serverConfig.timeZone)}
          value={
            draft.updatedFrom && draft.updatedTo
              ? { start: Temporal.PlainDate.from(draft.updatedFrom), end: Temporal.PlainDate.from(draft.updatedTo) }
              : null
          }
          onChange={(r) => set({ updatedFrom: r?.start.toString() ?? null, updatedTo: r?.end.toString() ?? null })}
        />
        <RadioGroup<Sponsored>
          label="Sponsored content"
          orientation="horizontal"
          options={SPONSORED_OPTIONS}
          value={draft.sponsored === null ? 'all' : draft.sponsored ? 'yes' : 'no'}
          onChange={(v) => set({ sponsored: v === 'all' ? null : v === 'yes' })}
        />
        <div className={st.menus}>
          <CheckboxMenu
            label="Status"
            options={STATUS_OPTIONS}
            value={draft.statuses}
            onChange={(statuses) => set({ statuses })}
          />
          <CheckboxMenu
            label="Device"
            options={DEVICE_OPTIONS}
            value={draft.deviceTypes}
            onChange={(deviceTypes) => set({ deviceTypes })}
          />
          <CheckboxMenu
            label="Type"
            options={TYPE_OPTIONS}
            value={draft.displayTypes}
            onChange={(displayTypes) => set({ displayTypes })}
          />
        </div>
      </div>
    </Dialog>
  );
}
