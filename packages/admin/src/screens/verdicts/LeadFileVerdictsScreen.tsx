import { Button } from '@lead/headless/Button';
import { Select } from '@lead/headless/Select';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useParams } from 'wouter';
import { formatDateTime } from '../../lib/format.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import {
  choiceOf,
  choose,
  fileVerdicts,
  loadFileVerdicts,
  sendVerdicts,
  VERDICT_CHOICES,
  type VerdictChoice,
} from './lead-file-verdicts.store.js';
import * as v from './verdicts.css.js';

/**
 * A lead file's verdict page (`/verdicts/:token`, for anyone with the link of the file's mail):
 * the file's leads, each accepted or rejected with a reason, sent together by Send verdicts.
 */
export default function LeadFileVerdictsScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const snap = useSnapshot(fileVerdicts);
  useEffect(() => void loadFileVerdicts(token), [token]);

  if (snap.problem) {
    return (
      <>
        <PageHeading className={s.heading}>Verdicts on leads</PageHeading>
        <p role="alert">{snap.problem}</p>
      </>
    );
  }
  const file = snap.file;
  if (!file) return <PageHeading className={s.heading}>Verdicts on leads</PageHeading>;
  const pending = Object.keys(snap.choices).length;
  return (
    <>
      <PageHeading className={s.heading}>Verdicts on the leads of {file.client_name}</PageHeading>
      <p className={s.muted}>
        Accept each lead, or reject it with a reason. A rejection within {file.window_days} days of the lead&apos;s
        capture is credited: the lead is not billed. This link works until {formatDateTime(file.expires_at)}.
      </p>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          void sendVerdicts();
        }}
      >
        {file.leads.length ? (
          <ol className={v.leads} aria-label="Leads of the file">
            {file.leads.map((lead) => (
              <li key={lead.id} className={v.lead}>
                <h2 className={v.leadTitle}>
                  Lead {lead.id}
                  {lead.name ? ` · ${lead.name}` : ''}
                </h2>
                <p className={v.details}>
                  {[lead.email, lead.phone, lead.campaign, formatDateTime(lead.created_at)].filter(Boolean).join(' · ')}
                </p>
                <Select<VerdictChoice>
                  label={`Verdict on lead ${lead.id}`}
                  placeholder="No verdict yet"
                  options={VERDICT_CHOICES}
                  value={snap.choices[lead.id] ?? choiceOf(lead)}
                  onChange={(choice) => choose(lead.id, choice)}
                  description={lead.credited ? 'Credited: this lead is not billed.' : undefined}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p>No lead of this file is left to judge.</p>
        )}
        <Button type="submit" variant="primary" isDisabled={!pending || snap.sending}>
          {pending ? `Send ${pending} verdict${pending === 1 ? '' : 's'}` : 'Send verdicts'}
        </Button>
        <p role="status">{snap.outcome ?? ''}</p>
      </form>
    </>
  );
}
