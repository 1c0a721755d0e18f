/** The DELIVERY tab's form (issue #30): what an admin edits, and the DestinationInput it saves. */
import type { Destination, DestinationInput } from '@lead/contract';

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

/** A file's schedule in words: 'Daily at 08:00' or 'Hourly'. */
export const scheduleLabel = (d: Pick<Destination, 'schedule' | 'hour'>): string =>
  d.schedule === 'hourly'
    ? 'Hourly'
    : d.schedule === 'daily'
      ? `Daily at ${String(d.hour ?? 0).padStart(2, '0')}:00`
      : '';
