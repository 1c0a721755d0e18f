import {
  CAMPAIGN_STATUS_LABELS,
  DEVICE_TYPE_LABELS,
  DISPLAY_TYPES,
  STATUS_FILTER_OPTIONS,
  DEVICE_TYPES,
} from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { useFilterPanel } from '@lead/headless/Filters';
import { lazy, Suspense, useMemo, useState } from 'react';
import { StatusBadge } from '../../components/StatusBadge.js';
import * as st from './campaigns.css.js';
import { DEFAULT_STATE, activeFilterCount, type ListState } from './list-query.js';

export type Draft = Pick<
  ListState,
  | 'searchBy'
  | 'keyword'
  | 'tags'
  | 'createdFrom'
  | 'createdTo'
  | 'updatedFrom'
  | 'updatedTo'
  | 'sponsored'
  | 'statuses'
  | 'deviceTypes'
  | 'displayTypes'
>;

/** The Status menu says each status as the list does: its badge, in the same words and colours. */
export const STATUS_OPTIONS = STATUS_FILTER_OPTIONS.map((id) => ({
  id,
  label: CAMPAIGN_STATUS_LABELS[id],
  content: <StatusBadge status={id} />,
}));
export const DEVICE_OPTIONS = DEVICE_TYPES.map((id) => ({ id, label: DEVICE_TYPE_LABELS[id] }));
export const TYPE_OPTIONS = Object.entries(DISPLAY_TYPES).map(([id, label]) => ({ id: Number(id), label }));
/*
 * In the list state an empty list means no filter ("All", the default). The panel's draft holds
 * the boxes as they are ticked, so that unticking All really unticks everything; Apply turns all
 * (or none) back into no filter.
 */
const ticked = (ids: readonly number[], options: Array<{ id: number }>) =>
  ids.length ? [...ids] : options.map((o) => o.id);
const applied = (ids: number[], options: Array<{ id: number }>) => (ids.length === options.length ? [] : ids);
/** Only the panel's own filters: Apply must not carry the page, sort or view back with it. */
const toDraft = (s: ListState): Draft => ({
  searchBy: s.searchBy,
  keyword: s.keyword,
  createdFrom: s.createdFrom,
  createdTo: s.createdTo,
  updatedFrom: s.updatedFrom,
  updatedTo: s.updatedTo,
  sponsored: s.sponsored,
  tags: [...s.tags],
  statuses: ticked(s.statuses, STATUS_OPTIONS),
  deviceTypes: ticked(s.deviceTypes, DEVICE_OPTIONS),
  displayTypes: ticked(s.displayTypes, TYPE_OPTIONS),
});
const DEFAULT_DRAFT = toDraft(DEFAULT_STATE);
const fromDraft = (d: Draft): Draft => ({
  ...d,
  statuses: applied(d.statuses, STATUS_OPTIONS),
  deviceTypes: applied(d.deviceTypes, DEVICE_OPTIONS),
  displayTypes: applied(d.displayTypes, TYPE_OPTIONS),
});

export const loadFiltersDialog = () => import('./FiltersDialog.js');
const FiltersDialog = lazy(loadFiltersDialog);

/**
 * The button shows how many filters are on and opens the dialog
 * (FiltersDialog.tsx) on a draft of the list's filters; Apply hands the draft back.
 */
export function FiltersPanel({ state, onApply }: { state: ListState; onApply: (patch: Draft) => void }) {
  const [open, setOpen] = useState(false);
  // The draft, Apply and Cancel are the headless filter panel's; the filters in force are the URL's.
  const applied = useMemo(() => toDraft(state), [state]);
  const panel = useFilterPanel(DEFAULT_DRAFT, { applied, onApply: (draft) => onApply(fromDraft(draft)) });
  const count = activeFilterCount(state);
  return (
    <>
      <Button
        onPress={() => {
          panel.cancel();
          setOpen(true);
        }}
        aria-label={count ? `Filters, ${count} on` : 'Filters'}
      >
        Filters {count ? <span className={st.badge}>{count}</span> : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FiltersDialog
            draft={panel.draft}
            onChange={(patch) => {
              for (const [key, value] of Object.entries(patch)) panel.setDraft(key as keyof Draft, value as never);
            }}
            onCancel={() => {
              panel.cancel();
              setOpen(false);
            }}
            onApply={() => {
              panel.apply();
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
