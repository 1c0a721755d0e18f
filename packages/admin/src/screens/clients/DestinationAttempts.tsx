import type { Attempt, Destination } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { DataTable } from '@lead/headless/DataTable';
import { DateRangePicker, todayIn, type DayRange } from '@lead/headless/DateRangePicker';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { serverConfig } from '../../config.js';
import { formatDateTime } from '../../lib/format.js';
import { attemptResult, attemptSubject } from '../settings/delivery.js';
import { delivery, loadDestinations, replay, resendLead, showAttempts } from '../settings/delivery.store.js';
import * as st from '../settings/settings.css.js';
import * as cs from './clients.css.js';

/**
 * A destination's attempts log, newest first (older ones on demand): each attempt's subject (a
 * lead, a file, a test event), result, time taken, next attempt, and what was sent and answered,
 * folded. A webhook's failed lead is sent again from its row; its failed leads, or a date range's,
 * all at once.
 */
export function DestinationAttempts({ destination: d, canResend }: { destination: Destination; canResend: boolean }) {
  const { attempts } = useSnapshot(delivery);
  const [range, setRange] = useState<DayRange | null>(null);
  const mine = attempts?.destination.id === d.id ? attempts : null;
  const webhook = d.kind === 'webhook';
  return (
    <section aria-labelledby="attempts-title">
      <div className={st.toolbar}>
        <h2 id="attempts-title">Attempts</h2>
        <span className={st.grow} />
        <Button
          isDisabled={mine?.loading ?? true}
          onPress={() => {
            // The state beside the name too: the worker may have paused or resumed it since.
            void loadDestinations(d.client_id);
            void showAttempts(d);
          }}
        >
          Refresh
        </Button>
      </div>
      {webhook && canResend ? (
        <div className={st.toolbar}>
          <Button onPress={() => void replay(d, { failed_only: true })}>Send failed leads again</Button>
          <DateRangePicker label="Leads of" today={todayIn(serverConfig.timeZone)} value={range} onChange={setRange} />
          <Button
            isDisabled={!range}
            onPress={() => range && void replay(d, { from: range.start.toString(), to: range.end.toString() })}
          >
            Send these days again
          </Button>
        </div>
      ) : null}
      <DataTable
        aria-label={`Attempts of ${d.name}`}
        rows={(mine?.models ?? []) as Attempt[]}
        getRowId={(a) => a.id}
        columns={[
          { id: 'at', header: 'Time', cell: (a) => formatDateTime(a.at), isRowHeader: true },
          { id: 'what', header: 'What', cell: (a) => attemptSubject(a, d.kind) },
          {
            id: 'result',
            header: 'Result',
            cell: (a) => {
              const r = attemptResult(a);
              return (
                <span data-status-badge="" data-status={r.ok ? 'active' : 'expired'}>
                  {r.label}
                </span>
              );
            },
          },
          { id: 'ms', header: 'Time taken', align: 'end', cell: (a) => `${a.duration_ms} ms` },
          { id: 'next', header: 'Next attempt', cell: (a) => formatDateTime(a.next_attempt_at) || '—' },
          {
            id: 'exchange',
            header: 'Request and answer',
            cell: (a) => <Exchange attempt={a} />,
          },
          {
            id: 'resend',
            header: 'Resend',
            cell: (a) =>
              webhook && canResend && a.lead_id !== null && !attemptResult(a).ok ? (
                <Button onPress={() => void resendLead(d, a.lead_id!)} aria-label={`Resend lead #${a.lead_id}`}>
                  Resend
                </Button>
              ) : null,
          },
        ]}
        isLoading={(mine?.loading ?? true) && (mine?.models.length ?? 0) === 0}
        emptyState={webhook ? 'No attempts yet. Send test event tries the receiver.' : 'No attempts yet.'}
      />
      {mine && mine.nextBeforeId !== null ? (
        <Button isDisabled={mine.loading} onPress={() => void showAttempts(d, true)}>
          {mine.loading ? 'Loading attempts…' : 'Older attempts'}
        </Button>
      ) : null}
    </section>
  );
}

/** What was sent and what came back (each at most 500 bytes, as stored), folded under a summary line. */
function Exchange({ attempt: a }: { attempt: Attempt }) {
  const answer = a.error ?? a.answer;
  if (!a.request && !answer) return <>—</>;
  const first = (answer ?? '').split('\n')[0]!.slice(0, 40);
  return (
    <details>
      <summary>{answer ? `Answer: ${first || '(empty)'}${first === answer ? '' : '…'}` : 'Request'}</summary>
      {a.request ? (
        <>
          <strong>Request</strong>
          <pre className={cs.excerpt}>{a.request}</pre>
        </>
      ) : null}
      {answer !== null ? (
        <>
          <strong>Answer</strong>
          <pre className={cs.excerpt}>{answer || '(empty)'}</pre>
        </>
      ) : null}
    </details>
  );
}
