import { LEAD_DELIVERY_STATES, type LeadDeliveryState } from '@lead/contract/api';
import { CheckboxMenu } from '@lead/headless/Filters';
import { ComboBox, Select } from '@lead/headless/Select';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { DELIVERY_LABELS } from './leads-query.js';
import * as st from './leads.css.js';
import { leads, searchCampaigns, updateView } from './leads.store.js';

interface Option {
  id: number;
  label: string;
  description?: string;
}

/**
 * A searchable pick that adds to a list (client, site, campaign): type to narrow, choose to add;
 * the field empties again, and what was chosen shows as a chip.
 */
function AddPick({
  label,
  options,
  onAdd,
  onText,
  isDisabled,
}: {
  label: string;
  options: Option[];
  onAdd: (id: number) => void;
  onText?: (text: string) => void;
  /** Until its choices have loaded: a list that opens empty would not open again when they come. */
  isDisabled?: boolean;
}) {
  // Each pick starts a fresh field (its text and choice empty again): the chosen one shows as a chip.
  const [round, setRound] = useState(0);
  return (
    <ComboBox
      key={round}
      className={st.field}
      label={label}
      isDisabled={isDisabled}
      placeholder={`Search ${label.toLowerCase()}s`}
      options={options}
      onInputChange={onText}
      onChange={(id) => {
        if (id === null) return;
        onAdd(Number(id));
        setRound((r) => r + 1);
      }}
      emptyLabel={`No ${label.toLowerCase()} matches.`}
    />
  );
}

const LeadsDateFilter = lazy(() => import('./LeadsDateFilter.js'));

const DUPLICATE = [
  { id: 'all', label: 'All leads' },
  { id: 'only', label: 'Duplicates only' },
  { id: 'none', label: 'No duplicates' },
];
const DELIVERY_OPTIONS = LEAD_DELIVERY_STATES.map((s) => ({ id: s, label: DELIVERY_LABELS[s] }));

/** The Leads page's filters: client, site, campaign, dates, delivery state, duplicate. Each change goes to the URL. */
export function LeadsFilterBar() {
  const { view, sites, campaignOptions } = useSnapshot(leads);
  const clients = useMemo(() => {
    const byId = new Map<number, Option>();
    for (const s of sites) for (const c of s.clients) if (!byId.has(c.id)) byId.set(c.id, { id: c.id, label: c.name });
    return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [sites]);
  const siteOptions = useMemo(() => sites.map((s) => ({ id: s.id, label: s.name, description: s.label })), [sites]);
  return (
    <div className={st.filterBar} role="group" aria-label="Filter leads">
      <AddPick
        label="Client"
        isDisabled={!sites.length}
        options={clients.filter((c) => !view.clientIds.includes(c.id))}
        onAdd={(id) => updateView({ clientIds: [...view.clientIds, id] })}
      />
      <AddPick
        label="Site"
        isDisabled={!sites.length}
        options={siteOptions.filter((s) => !view.siteIds.includes(s.id))}
        onAdd={(id) => updateView({ siteIds: [...view.siteIds, id] })}
      />
      <AddPick
        label="Campaign"
        options={campaignOptions.filter((c) => !view.campaignIds.includes(c.id))}
        onText={(t) => void searchCampaigns(t)}
        onAdd={(id) => updateView({ campaignIds: [...view.campaignIds, id] })}
      />
      <Suspense fallback={<div className={st.dateSlot} />}>
        <LeadsDateFilter
          from={view.from}
          to={view.to}
          onChange={(r) => updateView({ from: r?.from ?? null, to: r?.to ?? null })}
        />
      </Suspense>
      <CheckboxMenu<LeadDeliveryState>
        label="Delivery"
        options={DELIVERY_OPTIONS}
        // No filter reads as every state checked ("Delivery: All").
        value={view.delivery.length ? [...view.delivery] : [...LEAD_DELIVERY_STATES]}
        onChange={(v) => updateView({ delivery: v.length === LEAD_DELIVERY_STATES.length ? [] : v })}
      />
      <Select
        className={st.field}
        label="Duplicate"
        options={DUPLICATE}
        value={view.duplicate === null ? 'all' : view.duplicate ? 'only' : 'none'}
        onChange={(id) => updateView({ duplicate: id === 'only' ? true : id === 'none' ? false : null })}
      />
    </div>
  );
}
