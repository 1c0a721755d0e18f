import type { ClientPayload, Site } from '@lead/contract';
import { CheckboxGroup } from '@lead/headless/Checkbox';
import { ComboBox } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { useState } from 'react';
import { serverConfig } from '../../config.js';
import type { TouchedForm } from '../../lib/form.js';
import * as s from '../../shell/shell.css.js';
import { retentionOf, retentionText } from './clients.store.js';

type Set = <K extends keyof ClientPayload>(key: K, value: ClientPayload[K]) => void;
/** The form's touched state over clientErrors (lib/form.ts): a field's message once it is left or Save is tried. */
export type ClientTouched = Pick<TouchedForm<string>, 'field' | 'error' | 'touch'>;

/** A client's tabs, the same in the Add/Edit client dialog and on the client's page. */
export const CLIENT_TAB_LABELS = { sites: 'SITES', profile: 'CLIENT PROFILE', billing: 'LEADS AND BILLING' } as const;

/** SITES: the sites the client runs on (at least one). */
export function ClientSites({
  payload: p,
  sites,
  touched,
  set,
  isDisabled = false,
}: {
  payload: ClientPayload;
  sites: ReadonlyArray<Pick<Site, 'id' | 'name'>>;
  touched: ClientTouched;
  set: Set;
  isDisabled?: boolean;
}) {
  return (
    <CheckboxGroup
      label="Sites"
      isRequired
      isDisabled={isDisabled}
      options={sites.map((x) => ({ value: String(x.id), label: x.name }))}
      value={p.site_ids.map(String)}
      onChange={(v) => {
        set('site_ids', v.map(Number));
        touched.touch('site_ids');
      }}
      errorMessage={touched.error('site_ids')}
    />
  );
}

/** CLIENT PROFILE: name, account manager, contact details and how long its leads keep personal data. */
export function ClientProfile({
  payload: p,
  managers,
  touched,
  set,
}: {
  payload: ClientPayload;
  managers: ReadonlyArray<{ id: number; name: string }>;
  touched: ClientTouched;
  set: Set;
}) {
  return (
    <div className={s.form}>
      <TextField label="Name" isRequired value={p.name} onChange={(v) => set('name', v)} {...touched.field('name')} />
      <ComboBox
        label="Account manager"
        isRequired
        options={managers.map((m) => ({ id: m.id, label: m.name }))}
        value={p.manager_id}
        onChange={(v) => {
          set('manager_id', v as number | null);
          touched.touch('manager_id');
        }}
        {...touched.field('manager_id')}
      />
      <TextField label="Title" value={p.title ?? ''} onChange={(v) => set('title', v)} />
      <TextField label="Contact person" value={p.contact_name ?? ''} onChange={(v) => set('contact_name', v)} />
      <TextField label="Phone" type="tel" value={p.phone_number ?? ''} onChange={(v) => set('phone_number', v)} />
      <TextField
        label="Email"
        type="email"
        value={p.email ?? ''}
        onChange={(v) => set('email', v)}
        {...touched.field('email')}
      />
      <RetentionField
        months={p.retention_months}
        {...touched.field('retention_months')}
        onChange={(v) => set('retention_months', v)}
      />
    </div>
  );
}

/** How long the client's leads keep their personal data (docs/privacy.md); empty: the server's default. */
function RetentionField({
  months,
  errorMessage,
  onBlur,
  onChange,
}: {
  months: number | null | undefined;
  errorMessage: string | null;
  onBlur: () => void;
  onChange: (months: number | null) => void;
}) {
  const [text, setText] = useState(() => retentionText(months));
  const fallback = serverConfig.retentionMonths;
  return (
    <TextField
      label="Retention (months)"
      inputMode="numeric"
      value={text}
      onChange={(v) => {
        setText(v);
        onChange(retentionOf(v));
      }}
      description={`After this many months the scheduler erases its leads' name, e-mail, phone, answers and page URL; the figures stay. Empty: the default${fallback ? ` (${fallback} months)` : ''}.`}
      errorMessage={errorMessage}
      onBlur={onBlur}
    />
  );
}
