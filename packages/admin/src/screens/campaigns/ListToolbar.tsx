import { CheckboxPicker, DebouncedSearchField } from '@lead/headless/Filters';
import { lazy, memo, Suspense, useMemo } from 'react';
import { Flag } from '../../components/Flag.js';
import { updateList, type list } from './campaigns.store.js';
import * as st from './campaigns.css.js';
import { FiltersPanel } from './FiltersPanel.js';
import type { ListState } from './list-query.js';
import { clientsOf, pickClients, pickSites, scopeOf } from './scope.js';
import { parseSelection, serializeSelection, type Selection } from './sidebar.js';

export const loadPerformanceFilter = () => import('./PerformanceFilter.js');
const PerformanceFilter = lazy(loadPerformanceFilter);

// Module-level handlers: the same functions on every render, so that nothing here re-renders for them.
const searchByName = (keyword: string) => updateList({ keyword, searchBy: 'name' });
const setPerformance = (r: { from: string; to: string } | null) =>
  updateList({ performanceFrom: r?.from ?? null, performanceTo: r?.to ?? null });
const applyFilters = (patch: Partial<ListState>) => updateList(patch);

interface Props {
  sites: typeof list.sites;
  state: ListState;
  /** The browser has been idle since the first rows: the Performance picker may load. */
  idle: boolean;
}

/**
 * The list's toolbar: search, the Site and Client menus, Filters and Performance, one line at
 * 1280 px (the column set is the table's own, on its totals line: CampaignListScreen.tsx).
 * Memoised on the list's state: an answer or a loading flag re-renders the list, not these.
 */
export const ListToolbar = memo(function ListToolbar({ sites, state, idle }: Props) {
  const siteOptions = useMemo(
    () =>
      sites.map((x) => ({
        id: x.id,
        label: x.name,
        description: x.description,
        icon: <Flag country={x.country_id} />,
      })),
    [sites],
  );
  const clientOptions = useMemo(() => clientsOf(sites).map((c) => ({ id: c.id, label: c.name })), [sites]);
  // The menus are views of the sites and clients chosen (the sidebar's selection: scope.ts).
  const selection = useMemo(() => parseSelection(state.sidebar || null), [state.sidebar]);
  const scope = useMemo(() => scopeOf(selection, state.sidebarMode, sites), [selection, state.sidebarMode, sites]);
  const choose = (next: Selection) => updateList({ sidebar: serializeSelection(next) });
  return (
    <div className={st.toolbar} role="search" aria-label="Campaigns">
      <DebouncedSearchField
        className={st.search}
        label="Search"
        placeholder="Search by name"
        value={state.searchBy === 'name' ? state.keyword : ''}
        onSearch={searchByName}
      />
      <CheckboxPicker
        label="Site"
        searchLabel="Search sites"
        options={siteOptions}
        value={scope.siteIds ?? siteOptions.map((o) => o.id)}
        onChange={(ids) => choose(pickSites(ids, selection, state.sidebarMode, sites))}
      />
      <CheckboxPicker
        label="Client"
        searchLabel="Search clients"
        options={clientOptions}
        value={scope.clientIds ?? clientOptions.map((o) => o.id)}
        onChange={(ids) => choose(pickClients(ids, selection, state.sidebarMode, sites))}
      />
      <FiltersPanel state={state} onApply={applyFilters} />
      <div className={st.performanceSlot}>
        {idle ? (
          <Suspense fallback={null}>
            <PerformanceFilter from={state.performanceFrom} to={state.performanceTo} onChange={setPerformance} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
});
