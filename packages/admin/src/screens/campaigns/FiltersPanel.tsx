import { CAMPAIGN_STATUS_LABELS, DEVICE_TYPE_LABELS, DISPLAY_TYPES, STATUS_FILTER_OPTIONS } from '@lead/contract';
import { DateRangePicker, todayIn } from '@lead/headless/DateRangePicker';
import { Dialog } from '@lead/headless/Dialog';
import { CheckboxMenu, TagInput } from '@lead/headless/Filters';
import { Tabs } from '@lead/headless/Tabs';
import { TextField } from '@lead/headless/TextField';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Temporal } from 'temporal-polyfill';
import * as st from './campaigns.css.js';
import { activeFilterCount, type ListState, type SearchBy } from './list-query.js';
import { config } from '../../config.js';

type Draft = Pick<ListState, 'searchBy' | 'keyword' | 'tags' | 'createdFrom' | 'createdTo' | 'statuses' | 'deviceTypes' | 'displayTypes'>;

const STATUS_OPTIONS = STATUS_FILTER_OPTIONS.map((id) => ({ id, label: CAMPAIGN_STATUS_LABELS[id] }));
const DEVICE_OPTIONS = ([1, 2] as const).map((id) => ({ id, label: DEVICE_TYPE_LABELS[id] }));
const TYPE_OPTIONS = Object.entries(DISPLAY_TYPES).map(([id, label]) => ({ id: Number(id), label }));
/*
 * In the list state an empty list means no filter ("All", the default). The panel's draft holds
 * the boxes as they are ticked, so that unticking All really unticks everything; Apply turns all
 * (or none) back into no filter.
 */
const ticked = (ids: readonly number[], options: Array<{ id: number }>) => (ids.length ? [...ids] : options.map((o) => o.id));
const applied = (ids: number[], options: Array<{ id: number }>) => (ids.length === options.length ? [] : ids);
/** Only the panel's own filters: Apply must not carry the page, sort or view back with it. */
const toDraft = (s: ListState): Draft => ({
  searchBy: s.searchBy,
  keyword: s.keyword,
  createdFrom: s.createdFrom,
  createdTo: s.createdTo,
  tags: [...s.tags],
  statuses: ticked(s.statuses, STATUS_OPTIONS),
  deviceTypes: ticked(s.deviceTypes, DEVICE_OPTIONS),
  displayTypes: ticked(s.displayTypes, TYPE_OPTIONS),
});
const fromDraft = (d: Draft): Draft => ({
  ...d,
  statuses: applied(d.statuses, STATUS_OPTIONS),
  deviceTypes: applied(d.deviceTypes, DEVICE_OPTIONS),
  displayTypes: applied(d.displayTypes, TYPE_OPTIONS),
});

/**
 * Spec 2, Filters panel: tabs by Name, by Link, by Tag; created start and end dates; Status,
 * Device and Type menus; Cancel and Apply. The button shows how many filters are on.
 */
export function FiltersPanel({ state, onApply }: { state: ListState; onApply: (patch: Draft) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => toDraft(state));
  const count = activeFilterCount(state);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const today = todayIn(config.timeZone);
  return (
    <>
      <Button
        onPress={() => {
          setDraft(toDraft(state));
          setOpen(true);
        }}
        aria-label={count ? `Filters, ${count} on` : 'Filters'}
      >
        Filters {count ? <span className={st.badge}>{count}</span> : null}
      </Button>
      <Dialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Filters"
        footer={
          <>
            <Button onPress={() => setOpen(false)}>Cancel</Button>
            <Button
              data-button="primary"
              onPress={() => {
                onApply(fromDraft(draft));
                setOpen(false);
              }}
            >
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
              { id: 'name', label: 'by Name', content: <TextField label="Campaign name" value={draft.searchBy === 'name' ? draft.keyword : ''} onChange={(keyword) => set({ keyword })} /> },
              { id: 'link', label: 'by Link', content: <TextField label="Link" value={draft.searchBy === 'link' ? draft.keyword : ''} onChange={(keyword) => set({ keyword })} /> },
              { id: 'tag', label: 'by Tag', content: <TagInput label="Tags" value={draft.tags} onChange={(tags) => set({ tags })} /> },
            ]}
          />
          <DateRangePicker
            label="Created"
            today={today}
            value={draft.createdFrom && draft.createdTo ? { start: Temporal.PlainDate.from(draft.createdFrom), end: Temporal.PlainDate.from(draft.createdTo) } : null}
            onChange={(r) => set({ createdFrom: r?.start.toString() ?? null, createdTo: r?.end.toString() ?? null })}
          />
          <div className={st.menus}>
            <CheckboxMenu label="Status" options={STATUS_OPTIONS} value={draft.statuses} onChange={(statuses) => set({ statuses })} />
            <CheckboxMenu label="Device" options={DEVICE_OPTIONS} value={draft.deviceTypes} onChange={(deviceTypes) => set({ deviceTypes })} />
            <CheckboxMenu label="Type" options={TYPE_OPTIONS} value={draft.displayTypes} onChange={(displayTypes) => set({ displayTypes })} />
          </div>
        </div>
      </Dialog>
    </>
  );
}
