import type { FormBlock } from '@lead/contract';
import type { FormFields } from '@lead/contract/api';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { plural } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import * as st from './detail.css.js';
import { dropoff, loadDropoff } from './dropoff.store.js';
import { dropoffRows, dropoffText } from './dropoff.js';

/**
 * Where visitors give up (issue #46): each field of the form, in its order, with how many of the
 * visitors who started the form left it unsent there, in words and as a bar (the words say it all:
 * the bar is for the eye). Nothing typed is counted (docs/decisions/0009).
 */
export function FormDropoff({ campaignId, forms }: { campaignId: number; forms: readonly FormBlock[] }) {
  const { figures, failed } = useSnapshot(dropoff);
  useEffect(() => void loadDropoff(campaignId), [campaignId]);
  return (
    <section aria-labelledby="dropoff-title" className={st.section}>
      <h2 id="dropoff-title">Where visitors give up</h2>
      <DropoffFigures forms={forms} figures={figures as FormFields | null} failed={failed} />
    </section>
  );
}

export function DropoffFigures({
  forms,
  figures,
  failed = false,
}: {
  forms: readonly FormBlock[];
  figures: FormFields | null;
  failed?: boolean;
}) {
  if (failed) return <p className={s.muted}>The form’s figures could not be loaded.</p>;
  if (!figures) return <p className={s.muted}>Loading the form’s figures…</p>;
  const rows = dropoffRows(forms, figures);
  if (!rows.length) return <p className={s.muted}>The pop-up has no form field.</p>;
  return (
    <>
      <p className={s.muted}>
        {plural(figures.started, 'visitor')} started the form (all time). Of them, left unsent at each field:
      </p>
      <ol className={st.dropoff} aria-label="Visitors who left the form at each field">
        {rows.map((row) => (
          <li key={row.field} data-field={row.field}>
            <span className={st.dropoffLabel}>{row.label}</span>
            <span className={st.dropoffBar} aria-hidden="true">
              <span style={{ width: `${Math.round(row.share * 100)}%` }} />
            </span>
            <span className={st.dropoffText}>{dropoffText(row, figures.started)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
