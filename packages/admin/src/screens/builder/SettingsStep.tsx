import { DateRangePicker, todayIn } from '@lead/headless/DateRangePicker';
import { Checkbox } from '@lead/headless/Checkbox';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { Temporal } from 'temporal-polyfill';
import { useSnapshot } from 'valtio';
import * as st from './builder.css.js';
import { builder, setDates, setForever, setHour, setNumber } from './builder.store.js';

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

export function SettingsStep() {
  const b = useSnapshot(builder);
  const error = (key: string) => b.errors?.[key]?.[0] ?? null;
  return (
    <div className={st.column}>
      <Checkbox isSelected={b.forever} onChange={setForever}>
        Start now and run until stopped
      </Checkbox>
      {!b.forever ? (
        <div className={st.row}>
          <DateRangePicker
            label="Timeframe"
            today={todayIn('Asia/Ho_Chi_Minh')}
            value={b.startDate && b.endDate ? { start: Temporal.PlainDate.from(b.startDate), end: Temporal.PlainDate.from(b.endDate) } : null}
            onChange={(r) => setDates(r?.start.toString() ?? null, r?.end.toString() ?? null)}
            errorMessage={error('started_at')}
          />
          <Select label="Start hour" options={HOURS.map((h) => ({ id: h, label: h }))} value={b.startHour} onChange={(v) => v && setHour('startHour', String(v))} />
          <Select label="End hour" options={HOURS.map((h) => ({ id: h, label: h }))} value={b.endHour} onChange={(v) => v && setHour('endHour', String(v))} />
        </div>
      ) : null}
      <div className={st.row}>
        <TextField label="Frequency (days before showing again)" value={b.frequency} onChange={(v) => setNumber('frequency', v)} errorMessage={error('rules.days_to_show_again')} />
        <TextField label="Leads" value={b.leads} onChange={(v) => setNumber('leads', v)} errorMessage={error('kpis.lead')} />
        <TextField label="Price per lead" value={b.price} onChange={(v) => setNumber('price', v)} errorMessage={error('price')} />
      </div>
    </div>
  );
}
