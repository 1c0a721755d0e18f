import type { CampaignDetail } from '@lead/contract';
import { DataTable } from '@lead/headless/DataTable';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatCount } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { NOT_ENOUGH_DATA, ab, askWinner, keepWinner, loadResults, type AbArm, type AbCount } from './ab.store.js';
import * as st from './detail.css.js';

const percent = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
/** A chance shown to one decimal, never rounded up to a certainty. */
const chance = (p: number) => (p > 0.999 ? '> 99.9%' : p < 0.001 ? '< 0.1%' : percent(p));
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${percent(Math.abs(x))}`;

/**
 * An A/B test's results: each arm's figures, its uplift over the original
 * with a 95% credible interval, and its chance to beat the original; a warning
 * when the split is not what was asked for; and, while the test runs, ending
 * it by keeping one arm.
 */
export function AbResults({ test }: { test: Pick<CampaignDetail, 'id' | 'is_testing_running'> }) {
  const { results, failed, winner, count } = useSnapshot(ab);
  useEffect(() => {
    void loadResults(test.id, 'leads');
  }, [test.id]);
  const accepted = count === 'accepted';

  const verdict = (arm: AbArm, cell: (a: AbArm) => string) =>
    arm.uplift === null ? 'Original' : results?.enough_data ? cell(arm) : 'Not enough data yet';
  return (
    <section aria-labelledby="ab-title" className={st.section}>
      <h2 id="ab-title">A/B results</h2>
      <RadioGroup
        label="Read on"
        orientation="horizontal"
        options={[
          { value: 'leads', label: 'All leads' },
          { value: 'accepted', label: 'Leads the client accepted' },
        ]}
        value={count}
        onChange={(value) => void loadResults(test.id, value as AbCount)}
      />
      {failed ? <p className={s.muted}>The A/B results could not be loaded.</p> : null}
      {results && !results.enough_data ? <p className={s.muted}>{NOT_ENOUGH_DATA}</p> : null}
      {results?.sample_ratio_mismatch ? (
        <p role="note" className={st.warning}>
          The visitors are not split evenly between the variants (p &lt; 0.001): something is wrong with the split, and
          these figures cannot be trusted until it is fixed.
        </p>
      ) : null}
      <DataTable
        aria-label="A/B results"
        rows={(results?.arms ?? []) as AbArm[]}
        getRowId={(a) => a.id}
        isLoading={!results && !failed}
        columns={[
          {
            id: 'name',
            header: 'Variant',
            cell: (a) => (a.uplift === null ? `${a.name} (original)` : a.name),
            isRowHeader: true,
          },
          { id: 'impressions', header: 'Impressions', cell: (a) => formatCount(a.impressions) },
          { id: 'leads', header: 'Leads', cell: (a) => formatCount(a.leads) },
          { id: 'accepted', header: 'Accepted', cell: (a) => formatCount(a.accepted) },
          {
            id: 'rate',
            header: accepted ? 'Accepted rate' : 'Conversion rate',
            cell: (a) => percent(a.conversion_rate, 2),
          },
          {
            id: 'uplift',
            header: 'Uplift (95% interval)',
            cell: (a) =>
              verdict(
                a,
                (x) => `${signed(x.uplift!.expected)} (${signed(x.uplift!.low)} to ${signed(x.uplift!.high)})`,
              ),
          },
          {
            id: 'chance',
            header: 'Chance to beat the original',
            cell: (a) => verdict(a, (x) => chance(x.chance_to_beat_control!)),
          },
        ]}
        {...(test.is_testing_running
          ? {
              rowActions: () => [{ id: 'keep', label: 'Keep as winner' }],
              rowActionsLabel: (a: AbArm) => `Actions for ${a.name}`,
              onRowAction: (a: AbArm) => askWinner(a),
            }
          : {})}
        emptyState="No variants."
      />
      <ConfirmDialog
        isOpen={winner !== null}
        title={`End the A/B test keeping ${winner?.name ?? ''}?`}
        message="The test stops: this variant stays active and every other variant becomes inactive."
        confirmLabel="End the test"
        onConfirm={() => void keepWinner(test.id)}
        onCancel={() => askWinner(null)}
      />
    </section>
  );
}
