import type { ConsentRecord } from '@lead/contract/api';
import { Dialog } from '@lead/headless/Dialog';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import * as st from './consent.css.js';
import { consent } from './consent.store.js';

type Terms = ConsentRecord['terms'][number];

/** A T&C block's text as the visitor was shown it: its words, and its links opening in a new tab. */
function ShownText({ terms }: { terms: Terms }) {
  return (
    <p className={st.shown}>
      {terms.parts.map((p, i) =>
        p.url ? (
          <a key={i} href={p.url} target="_blank" rel="noopener noreferrer">
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

function TermsBlock({ terms, index }: { terms: Terms; index: number }) {
  const id = `consent-terms-${index}`;
  return (
    <section aria-labelledby={id} className={st.terms}>
      <h3 id={id} className={st.termsTitle}>
        T&amp;C block {index + 1}
        {terms.required ? ' (required)' : ''}
      </h3>
      <ShownText terms={terms} />
      <dl className={st.facts}>
        <dt>Ticked</dt>
        <dd>{terms.ticked ? 'Yes' : 'No'}</dd>
        <dt>Field key</dt>
        <dd>{terms.key || '—'}</dd>
        <dt>URLs</dt>
        <dd>
          <ul aria-label={`URLs of T&C block ${index + 1}`} className={st.urls}>
            {terms.urls.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </dd>
        <dt>Text hash</dt>
        <dd>
          <code className={st.hash}>{terms.hash}</code>
        </dd>
      </dl>
    </section>
  );
}

function RecordBody({ record }: { record: ConsentRecord }) {
  return (
    <>
      <dl className={st.facts}>
        <dt>Lead</dt>
        <dd>#{record.lead_id}</dd>
        <dt>Sent</dt>
        <dd>{formatDateTime(record.created_at)}</dd>
        <dt>Page</dt>
        <dd>{record.page_url ?? '—'}</dd>
        <dt>Form revision</dt>
        <dd>
          #{record.revision_id}, saved {formatDateTime(record.revision_created_at)}
        </dd>
        <dt>Record hash</dt>
        <dd>
          <code className={st.hash}>{record.hash}</code>
        </dd>
      </dl>
      {record.terms.length ? (
        record.terms.map((t, i) => <TermsBlock key={t.block_id + String(i)} terms={t} index={i} />)
      ) : (
        <p className={s.muted}>The form had no T&amp;C block.</p>
      )}
    </>
  );
}

/**
 * The consent record of the lead `consent.leadId` (a modal dialog: focus moves in, Escape and the
 * Close button close it): the T&C blocks of the form revision the visitor saw, as shown with their
 * links, their URLs, hashes and ticks, and the page and time.
 */
export function ConsentRecordDialog({ onClose }: { onClose: () => void }) {
  const { leadId, record, failure } = useSnapshot(consent);
  return (
    <Dialog
      isOpen={leadId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Consent record of lead #${leadId ?? ''}`}
    >
      {failure ? (
        <p role="alert">{failure}</p>
      ) : record ? (
        <RecordBody record={record as ConsentRecord} />
      ) : (
        <p role="status">Loading the consent record…</p>
      )}
    </Dialog>
  );
}
