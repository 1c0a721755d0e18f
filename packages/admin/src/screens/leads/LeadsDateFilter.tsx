import { DateRangePicker, todayIn } from '@lead/headless/DateRangePicker';
import { Temporal } from 'temporal-polyfill';
import { serverConfig } from '../../config.js';

interface Props {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string; to: string } | null) => void;
}

/** The days whose leads show (the server's days), with the presets (Yesterday...). Loaded beside the page's rows: the calendar and temporal-polyfill weigh ~60 KB. */
export default function LeadsDateFilter({ from, to, onChange }: Props) {
  return (
    <DateRangePicker
      label="Date"
      today={todayIn(serverConfig.timeZone)}
      value={from && to ? { start: Temporal.PlainDate.from(from), end: Temporal.PlainDate.from(to) } : null}
      onChange={(r) => onChange(r ? { from: r.start.toString(), to: r.end.toString() } : null)}
    />
  );
}
