import { EXPORT_MAX_CAMPAIGNS } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { formatCount } from '../../lib/format.js';
import { clearSelection, list, selectAllMatching } from './campaigns.store.js';
import * as st from './campaigns.css.js';

const LeadExport = lazy(() => import('../../reports/LeadExport.js').then((m) => ({ default: m.LeadExport })));

/**
 * What the row checkboxes chose: how many, "Select all N matching" once the whole page is
 * chosen and more campaigns match, the lead export of them all, and Clear selection.
 */
export function SelectionBar() {
  const { selected, allMatching, selectingAll, data, state } = useSnapshot(list);
  if (!selected.length) return null;
  const total = data?.total_items ?? 0;
  const pageIds = (data?.models ?? []).map((c) => c.id);
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const offerAll = wholePage && !allMatching && total > pageIds.length;
  const tooMany = selected.length > EXPORT_MAX_CAMPAIGNS;
  return (
    <div className={st.selectionBar} role="region" aria-label="Selected campaigns">
      <span aria-live="polite">
        {allMatching
          ? `All ${formatCount(selected.length)} matching campaigns selected`
          : `${formatCount(selected.length)} selected`}
      </span>
      {offerAll ? (
        <Button onPress={() => void selectAllMatching()} isDisabled={selectingAll}>
          {selectingAll ? 'Selecting…' : `Select all ${formatCount(total)} matching`}
        </Button>
      ) : null}
      {tooMany ? (
        <span className={st.selectionNote}>
          Export at most {formatCount(EXPORT_MAX_CAMPAIGNS)} campaigns at a time.
        </span>
      ) : (
        <Suspense fallback={null}>
          <LeadExport
            ids={[...selected]}
            label="Export the leads of the selected campaigns"
            // The days on screen: with a Performance range the file holds the leads created within it.
            range={{ from: state.performanceFrom, to: state.performanceTo }}
          />
        </Suspense>
      )}
      <Button onPress={clearSelection}>Clear selection</Button>
    </div>
  );
}
