/** The DELIVERY tab's form (issue #30): what an admin edits, and the DestinationInput it saves. */
import type { Attempt, Destination, DestinationInput } from '@lead/contract';

export interface DestinationForm {
  id: number | null;
  kind: Destination['kind'];
  name: string;
  enabled: boolean;
  /** Every campaign of the client (now and later), or the chosen ones. */
  allCampaigns: boolean;
  campaignIds: number[];
  url: string;
  format: 'csv' | 'xlsx';
  schedule: 'hourly' | 'daily';
  hour: number;
  /** As typed: addresses separated by commas, semicolons, spaces or lines. */
  recipients: string;
}

export const emptyDestination = (kind: Destination['kind']): DestinationForm => ({
  id: null,
  kind,
  name: '',
  enabled: true,
  allCampaigns: true,
  campaignIds: [],
  url: '',
  format: 'xlsx',
  schedule: 'daily',
  hour: 8,
  recipients: '',
});

export const formOf = (d: Destination): DestinationForm => ({
  id: d.id,
  kind: d.kind,
  name: d.name,
  enabled: d.enabled,
  allCampaigns: d.campaign_ids === null,
  campaignIds: [...(d.campaign_ids ?? [])],
  url: d.url ?? '',
  format: d.format ?? 'xlsx',
  schedule: d.schedule ?? 'daily',
  hour: d.hour ?? 8,
  recipients: (d.recipients ?? []).join(', '),
});

/** The addresses of a recipients field, each once, in order. */
export const parseRecipients = (text: string): string[] => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/** What is saved: only the fields of the destination's kind (the others null). */
export function destinationPayload(f: DestinationForm): DestinationInput {
  const common = {
    name: f.name.trim(),
    enabled: f.enabled,
    kind: f.kind,
    campaign_ids: f.allCampaigns ? null : [...f.campaignIds],
  };
  if (f.kind === 'webhook')
    return { ...common, url: f.url.trim(), format: null, schedule: null, hour: null, recipients: null };
  return {
    ...common,
    url: null,
    format: f.format,
    schedule: f.schedule,
    hour: f.schedule === 'daily' ? f.hour : null,
    recipients: parseRecipients(f.recipients),
  };
}

/** A destination's state in words, for its row. */
export function destinationStateLabel(d: Pick<Destination, 'enabled' | 'state'>): string {
  if (!d.enabled) return 'Off';
  if (d.state === 'paused') return 'Paused (failing)';
  if (d.state === 'disabled') return 'Disabled (410 Gone)';
  return 'Active';
}

/** A destination's health on its page: a word, and the badge colour it wears (`data-status`, @lead/styles). */
export interface DestinationHealth {
  key: 'active' | 'failing' | 'paused' | 'disabled' | 'off';
  label: string;
  badge: 'active' | 'paused' | 'expired' | 'inactive';
}

/**
 * Off (switched off by an admin), Disabled (its receiver answered 410 Gone), Paused (failing for an
 * hour: probed every 15 minutes), Failing (its last attempt failed, after its last success), or Active.
 */
export function destinationHealth(
  d: Pick<Destination, 'enabled' | 'state' | 'last_success_at' | 'last_failure_at'>,
): DestinationHealth {
  if (!d.enabled) return { key: 'off', label: 'Off', badge: 'inactive' };
  if (d.state === 'disabled') return { key: 'disabled', label: 'Disabled (410 Gone)', badge: 'expired' };
  if (d.state === 'paused') return { key: 'paused', label: 'Paused (failing)', badge: 'expired' };
  // Wire times ('YYYY-MM-DD HH:mm:ss', one zone) compare as text.
  if (d.last_failure_at && (!d.last_success_at || d.last_failure_at > d.last_success_at))
    return { key: 'failing', label: 'Failing', badge: 'paused' };
  return { key: 'active', label: 'Active', badge: 'active' };
}

/** What an attempt was in words: a test event, a file, or lead #N. */
export const attemptSubject = (a: Pick<Attempt, 'lead_id' | 'event'>, kind: Destination['kind']): string =>
  a.event === 'lead.test' ? 'Test event' : a.lead_id !== null ? `Lead #${a.lead_id}` : kind === 'email' ? 'File' : '—';

/** An attempt's result: Delivered (204), Failed (503), Failed (no answer). */
export function attemptResult(a: Pick<Attempt, 'status' | 'error'>): { ok: boolean; label: string } {
  const ok = a.error === null && (a.status === null || (a.status >= 200 && a.status < 300));
  return { ok, label: `${ok ? 'Delivered' : 'Failed'}${a.status ? ` (${a.status})` : ok ? '' : ' (no answer)'}` };
}

/** A file's schedule in words: 'Daily at 08:00' or 'Hourly'. */
export const scheduleLabel = (d: Pick<Destination, 'schedule' | 'hour'>): string =>
  d.schedule === 'hourly'
    ? 'Hourly'
    : d.schedule === 'daily'
      ? `Daily at ${String(d.hour ?? 0).padStart(2, '0')}:00`
      : '';
