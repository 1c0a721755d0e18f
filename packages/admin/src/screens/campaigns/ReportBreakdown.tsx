import { EXPORT_MAX_CAMPAIGNS } from '@lead/contract';
import { useMemo } from 'react';
import { formatCount, formatDayRange } from '../../lib/format.js';
import { Breakdown } from '../../reports/Breakdown.js';
import * as rt from '../../reports/reports.css.js';
import * as s from '../../shell/shell.css.js';

const day = (d: string) => {
  const [year, month, dd] = d.split('-').map(Number);
  return { year: year!, month: month!, day: dd! };
};

/** The days the figures cover, in words: the Performance range, or all time without one. */
export function daysLabel(from: string | null, to: string | null): string {
  return from && to ? formatDayRange(day(from), day(to)) : 'all time';
}

interface Props {
  /** The campaigns chosen with the row checkboxes. */
  selected: readonly number[];
  /** The campaigns of the page shown (its top rows). */
  onPage: readonly number[];
  /** The Performance range; null: all time. */
  from: string | null;
  to: string | null;
}

/**
 * The Report view's Breakdown (issue #46): the figures by device, article, source, referrer or
 * variant of the campaigns chosen with the row checkboxes, together, or with none chosen of the
 * campaigns on this page; over the Performance range (all time without one). The detail page's
 * section (reports/Breakdown.tsx), asking GET /campaign/breakdown?ids=…
 */
export default function ReportBreakdown({ selected, onPage, from, to }: Props) {
  const chosen = selected.length > 0;
  const ids = chosen ? selected : onPage;
  const key = ids.join(',');
  const of = useMemo(() => ({ ids: key ? key.split(',').map(Number) : [] }), [key]);
  if (!ids.length) return null;
  const n = ids.length;
  const whose = chosen
    ? n === 1
      ? 'the selected campaign'
      : `the ${formatCount(n)} selected campaigns together`
    : n === 1
      ? 'the campaign on this page'
      : `the ${formatCount(n)} campaigns on this page together`;
  if (n > EXPORT_MAX_CAMPAIGNS)
    return (
      <section aria-labelledby="breakdown-title" className={rt.breakdownSection}>
        <h2 id="breakdown-title">Breakdown</h2>
        <p className={s.muted}>
          The breakdown covers at most {formatCount(EXPORT_MAX_CAMPAIGNS)} campaigns at a time; {formatCount(n)} are
          selected.
        </p>
      </section>
    );
  return (
    <Breakdown of={of} days={from && to ? { from, to } : {}} description={`Of ${whose}, ${daysLabel(from, to)}.`} />
  );
}
