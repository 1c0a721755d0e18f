import { DateRangePicker, todayIn } from '@lead/headless/DateRangePicker';
import { memo } from 'react';
import { Temporal } from 'temporal-polyfill';
import { serverConfig } from '../../config.js';

interface Props {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string; to: string } | null) => void;
}

/**
 * The list's Performance range: the figures of the rows count only these days. Loaded
 * after the first rows show (with the calendar and temporal-polyfill, ~60 KB), into a slot of its
 * final size.
 */
function PerformanceFilter({ from, to, onChange }: Props) {
  return (
    <DateRangePicker
      label="Performance"
      today={todayIn(serverConfig.timeZone)}
      value={from && to ? { start: Temporal.PlainDate.from(from), end: Temporal.PlainDate.from(to) } : null}
      onChange={(r) => onChange(r ? { from: r.start.toString(), to: r.end.toString() } : null)}
    />
  );
}

/** Memoised: the list re-renders on every change of its state; the picker only when its range does. */
export default memo(PerformanceFilter);
