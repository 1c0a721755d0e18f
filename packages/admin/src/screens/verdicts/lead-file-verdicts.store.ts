import { VERDICT_REASONS, type VerdictReason } from '@lead/contract';
import type { BodyOf, DataOf, LeadFileVerdicts, VerdictResult, VerdictsApi } from '@lead/contract/api';
import { proxy } from 'valtio';
import { config } from '../../config.js';

/** A lead's choice on the page: 'accepted', or 'rejected:' and the reason. */
export type VerdictChoice = 'accepted' | `rejected:${VerdictReason}`;

const REASON_LABELS: Record<VerdictReason, string> = {
  wrong_number: 'wrong number',
  unreachable: 'unreachable',
  not_interested: 'not interested',
  fake: 'fake',
  duplicate: 'duplicate',
};
export const VERDICT_CHOICES: Array<{ id: VerdictChoice; label: string }> = [
  { id: 'accepted', label: 'Accepted' },
  ...VERDICT_REASONS.map((r) => ({ id: `rejected:${r}` as const, label: `Rejected: ${REASON_LABELS[r]}` })),
];

export const choiceOf = (lead: { verdict: string | null; reason: string | null }): VerdictChoice | null =>
  lead.verdict === 'accepted'
    ? 'accepted'
    : lead.verdict === 'rejected'
      ? (`rejected:${lead.reason}` as VerdictChoice)
      : null;

const blank = () => ({
  token: null as string | null,
  file: null as LeadFileVerdicts | null,
  /** Why the link shows nothing: the server's word (forged, expired, gone) or a failed call. */
  problem: null as string | null,
  /** The choices made on the page and not sent yet, by lead id. */
  choices: {} as Record<number, VerdictChoice>,
  sending: false,
  /** What the last send did, said in words. */
  outcome: null as string | null,
});

/**
 * A lead file's verdict page (`/verdicts/:token`, docs/api/verdicts.md): the client, from the
 * link in the file's mail and without an account, reads the file's leads and gives its verdicts.
 * Its calls go straight to the client API with the link's token: no session is used or ended.
 */
export const fileVerdicts = proxy(blank());

/** The client API's base beside the admin's (`/api/admin` → `/api/client/v1`). */
const clientApi = () => new URL(config.apiBase.replace(/\/admin\/?$/, '/client/v1/'), window.location.href).href;

async function call<T>(method: 'GET' | 'POST', path: string, json?: unknown): Promise<T> {
  const res = await fetch(new URL(path, clientApi()), {
    method,
    ...(json === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
  });
  const body = (await res.json().catch(() => null)) as { _data?: T; message?: string; _messages?: string[] } | null;
  // `_messages` names what is wrong ('This is not a verdict link.') where `message` is generic.
  if (!res.ok || !body?._data)
    throw new Error(body?._messages?.[0] ?? body?.message ?? `The server answered ${res.status}.`);
  return body._data;
}

export async function loadFileVerdicts(token: string): Promise<void> {
  Object.assign(fileVerdicts, blank(), { token });
  try {
    const file = await call<DataOf<VerdictsApi['readLink']>>('GET', `lead-files/${encodeURIComponent(token)}`);
    if (fileVerdicts.token === token) fileVerdicts.file = file;
  } catch (error) {
    if (fileVerdicts.token === token) fileVerdicts.problem = (error as Error).message;
  }
}

export function choose(leadId: number, choice: VerdictChoice | null): void {
  const lead = fileVerdicts.file?.leads.find((l) => l.id === leadId);
  if (!lead) return;
  if (choice === null || choice === choiceOf(lead)) delete fileVerdicts.choices[leadId];
  else fileVerdicts.choices[leadId] = choice;
}

const said = (results: VerdictResult[]): string => {
  const n = (r: VerdictResult['result']) => results.filter((x) => x.result === r).length;
  const credited = results.filter((x) => x.result === 'recorded' && x.credited).length;
  return [
    `${n('recorded')} verdict${n('recorded') === 1 ? '' : 's'} recorded`,
    credited ? `${credited} credited` : '',
    n('window_closed') ? `${n('window_closed')} not changed: its window is over` : '',
    n('not_found') ? `${n('not_found')} no longer yours to judge` : '',
  ]
    .filter(Boolean)
    .join(', ')
    .concat('.');
};

/** Sends the choices made; the page shows the leads as they are then. */
export async function sendVerdicts(): Promise<void> {
  const token = fileVerdicts.token;
  const entries = Object.entries(fileVerdicts.choices);
  if (!token || !entries.length || fileVerdicts.sending) return;
  const verdicts = entries.map(([id, choice]) => {
    const [verdict, reason] = choice.split(':') as ['accepted' | 'rejected', VerdictReason | undefined];
    return { lead_id: Number(id), verdict, ...(reason ? { reason } : {}) };
  });
  fileVerdicts.sending = true;
  try {
    const { results } = await call<DataOf<VerdictsApi['recordLink']>>(
      'POST',
      `lead-files/${encodeURIComponent(token)}/verdicts`,
      { verdicts } satisfies BodyOf<VerdictsApi['recordLink']>,
    );
    const outcome = said(results);
    await loadFileVerdicts(token);
    fileVerdicts.outcome = outcome;
  } catch (error) {
    fileVerdicts.outcome = (error as Error).message;
  } finally {
    fileVerdicts.sending = false;
  }
}
