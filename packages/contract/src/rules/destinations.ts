import type { DestinationInput } from '../api/deliveries.js';
import { fieldAtLeastOne, fieldMustBeEmail, fieldRequired } from '../messages.js';
import type { FieldErrors } from '../types.js';
import { isValidEmail } from './auth.js';
import { ErrorBag } from './errors.js';

/** Hosts a development or test server may post to over plain http. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const DestinationMessages = {
  urlHttps: 'The url must be an https:// address.',
  urlInvalid: 'The url must be a valid address.',
  urlCredentials: 'The url must not carry a user name or password.',
  hourRequired: 'The hour field is required for a daily file.',
} as const;

/**
 * A webhook's URL: an absolute https:// address without credentials (they would show wherever the
 * URL does); http:// only to this machine, and only when `allowHttpLocalhost` (development and
 * tests). Whether its host resolves to an address we may post to is the server's check.
 */
export function webhookUrlError(url: string | null | undefined, allowHttpLocalhost: boolean): string | undefined {
  if (!url || url.trim() === '') return fieldRequired('url');
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return DestinationMessages.urlInvalid;
  }
  if (u.username || u.password) return DestinationMessages.urlCredentials;
  if (u.protocol === 'https:') return u.hostname ? undefined : DestinationMessages.urlInvalid;
  if (u.protocol === 'http:' && allowHttpLocalhost && LOCAL_HOSTS.has(u.hostname)) return undefined;
  return DestinationMessages.urlHttps;
}

/**
 * A destination's rules: a name; a webhook needs its URL; a file by e-mail needs a format, a
 * schedule, the hour when daily, and at least one valid recipient.
 */
export function destinationErrors(p: DestinationInput, opts: { allowHttpLocalhost: boolean }): FieldErrors | undefined {
  const bag = new ErrorBag();
  bag.check(p.name.trim() !== '', 'name', fieldRequired('name'));
  if (p.kind === 'webhook') {
    const url = webhookUrlError(p.url, opts.allowHttpLocalhost);
    if (url) bag.add('url', url);
  } else {
    bag.check(!!p.format, 'format', fieldRequired('format'));
    bag.check(!!p.schedule, 'schedule', fieldRequired('schedule'));
    if (p.schedule === 'daily') bag.check(p.hour != null, 'hour', DestinationMessages.hourRequired);
    const recipients = p.recipients ?? [];
    if (recipients.length === 0) bag.add('recipients', fieldAtLeastOne('recipients'));
    recipients.forEach((r, i) => bag.check(isValidEmail(r), `recipients.${i}`, fieldMustBeEmail('recipient')));
  }
  if (p.campaign_ids) bag.check(p.campaign_ids.length > 0, 'campaign_ids', fieldAtLeastOne('campaigns'));
  return bag.result();
}
