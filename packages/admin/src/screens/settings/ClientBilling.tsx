import {
  CLIENT_BILLING_DEFAULTS,
  DUPLICATE_SCOPE_LABELS,
  DUPLICATE_SCOPES,
  DUPLICATE_WINDOW_MAX,
  DUPLICATE_WINDOW_MIN,
  type ClientPayload,
} from '@lead/contract';
import { Checkbox } from '@lead/headless/Checkbox';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { ComboBox } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import * as s from '../../shell/shell.css.js';
import { currencyOptions } from '../../lib/money.js';
import type { ClientTouched } from './ClientFields.js';

/**
 * The client form's LEADS AND BILLING tab (issue #31): whose earlier leads make a lead a duplicate
 * and within how many days, whether duplicates are delivered too, and the currency of spend.
 */
export function ClientBilling({
  payload: p,
  touched,
  set,
}: {
  payload: ClientPayload;
  touched: ClientTouched;
  set: <K extends keyof ClientPayload>(key: K, value: ClientPayload[K]) => void;
}) {
  const days = p.duplicate_window_days ?? CLIENT_BILLING_DEFAULTS.duplicate_window_days;
  return (
    <div className={s.form}>
      <RadioGroup
        label="Duplicates are leads already given"
        options={DUPLICATE_SCOPES.map((value) => ({ value, label: DUPLICATE_SCOPE_LABELS[value] }))}
        value={p.duplicate_scope ?? CLIENT_BILLING_DEFAULTS.duplicate_scope}
        onChange={(v) => set('duplicate_scope', v)}
        errorMessage={touched.error('duplicate_scope')}
      />
      <TextField
        label="Duplicate window (days)"
        className={s.digitsField}
        inputMode="numeric"
        description={`A lead of the same phone or e-mail within this many days (${DUPLICATE_WINDOW_MIN}–${DUPLICATE_WINDOW_MAX}) is a duplicate: not billable, not delivered.`}
        value={Number.isFinite(days) ? String(days) : ''}
        onChange={(v) => set('duplicate_window_days', v.trim() === '' ? Number.NaN : Number(v))}
        {...touched.field('duplicate_window_days')}
      />
      <Checkbox
        isSelected={p.deliver_duplicates ?? CLIENT_BILLING_DEFAULTS.deliver_duplicates}
        onChange={(v) => set('deliver_duplicates', v)}
      >
        Deliver duplicates too
      </Checkbox>
      <ComboBox
        label="Currency"
        options={currencyOptions()}
        value={p.currency ?? CLIENT_BILLING_DEFAULTS.currency}
        onChange={(v) => set('currency', (v as string | null) ?? CLIENT_BILLING_DEFAULTS.currency)}
        {...touched.field('currency')}
      />
    </div>
  );
}
