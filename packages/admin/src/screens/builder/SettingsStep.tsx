import { DateRangePicker, todayIn } from '@lead/headless/DateRangePicker';
import { Checkbox, CheckboxGroup } from '@lead/headless/Checkbox';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Switch } from '@lead/headless/Switch';
import { useEffect } from 'react';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { Temporal } from 'temporal-polyfill';
import { useSnapshot } from 'valtio';
import * as st from './builder.css.js';
import {
  loadSponsors,
  setAppearance,
  setAppearanceEnd,
  setAppearanceStart,
  setDates,
  setForever,
  setHour,
  setNumber,
  setStopAtGoal,
  setIncludeSponsoredOnlyList,
  setSponsorIds,
  setSponsored,
} from './settings.actions.js';
import { builder } from './state.js';
import { useBuilderErrors } from './useBuilderErrors.js';
import { fieldError, timeframeErrors } from './validation.js';
import { serverConfig } from '../../config.js';

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

export function SettingsStep() {
  const b = useSnapshot(builder);
  // Every message from the one validation (validation.ts) that Save and Comfirm read too.
  const errors = useBuilderErrors();
  const error = (key: string) => fieldError(errors, key);
  const timeframe = timeframeErrors(errors);
  useEffect(() => {
    void loadSponsors();
  }, []);
  return (
    <div className={st.column}>
      <Checkbox isSelected={b.forever} onChange={setForever}>
        Start now and run until stopped
      </Checkbox>
      {!b.forever ? (
        <div className={st.row}>
          <DateRangePicker
            label="Timeframe"
            today={todayIn(serverConfig.timeZone)}
            value={
              b.startDate && b.endDate
                ? { start: Temporal.PlainDate.from(b.startDate), end: Temporal.PlainDate.from(b.endDate) }
                : null
            }
            onChange={(r) => setDates(r?.start.toString() ?? null, r?.end.toString() ?? null)}
            // An end typed before the start is kept, shown and refused ('Start Date must be less than End Date').
            reportBackwards
            errorMessage={timeframe.dates}
          />
          <Select
            label="Start hour"
            options={HOURS.map((h) => ({ id: h, label: h }))}
            value={b.startHour}
            onChange={(v) => v && setHour('startHour', String(v))}
          />
          <Select
            label="End hour"
            options={HOURS.map((h) => ({ id: h, label: h }))}
            value={b.endHour}
            onChange={(v) => v && setHour('endHour', String(v))}
            errorMessage={timeframe.hours}
          />
        </div>
      ) : null}
      <Checkbox isSelected={b.appearance !== null} onChange={setAppearance}>
        Show only at certain hours
      </Checkbox>
      {b.appearance ? (
        <div className={st.row}>
          <Select
            label="Appearance start"
            options={HOURS.map((h) => ({ id: h, label: h }))}
            value={b.appearance.startTime}
            onChange={(v) => v && setAppearanceStart(String(v))}
          />
          <Select
            label="Appearance end"
            options={HOURS.filter((h) => h > b.appearance!.startTime).map((h) => ({ id: h, label: h }))}
            value={b.appearance.endTime}
            onChange={(v) => setAppearanceEnd(v === null ? null : String(v))}
            errorMessage={error('rules.appearance_time')}
          />
        </div>
      ) : null}
      <div className={st.row}>
        <TextField
          label="Frequency (days before showing again)"
          value={b.frequency}
          onChange={(v) => setNumber('frequency', v)}
          errorMessage={error('rules.days_to_show_again')}
        />
        <TextField
          label="Leads"
          value={b.leads}
          onChange={(v) => setNumber('leads', v)}
          errorMessage={error('kpis.lead')}
        />
        <TextField
          label="Price per lead"
          value={b.price}
          onChange={(v) => setNumber('price', v)}
          errorMessage={error('price')}
        />
      </div>
      <Checkbox isSelected={b.stopAtGoal} onChange={setStopAtGoal}>
        Stop when the goal is reached
      </Checkbox>
      <Switch isSelected={b.isSponsor} onChange={setSponsored}>
        Sponsored content
      </Switch>
      {b.isSponsor ? (
        <RadioGroup<'exclude' | 'include'>
          label="Sponsored articles"
          options={[
            { value: 'exclude', label: 'Exclude all sponsored content' },
            { value: 'include', label: 'Only content sponsored by the clients chosen' },
          ]}
          value={b.includeSponsoredOnlyList ? 'include' : 'exclude'}
          onChange={(v) => setIncludeSponsoredOnlyList(v === 'include')}
        />
      ) : null}
      {b.isSponsor && b.includeSponsoredOnlyList ? (
        b.sponsors.length ? (
          <CheckboxGroup
            label="Sponsors"
            options={b.sponsors.map((x) => ({ value: String(x.id), label: x.name }))}
            value={b.sponsorIds.map(String)}
            onChange={(v) => setSponsorIds(v.map(Number))}
          />
        ) : (
          <p>This site has no sponsors.</p>
        )
      ) : null}
    </div>
  );
}
