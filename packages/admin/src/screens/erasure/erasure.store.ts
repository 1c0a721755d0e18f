import { COUNTRIES, erasureErrors, type Country, type FieldErrors } from '@lead/contract';
import type { BodyOf, ErasureAnswer, ErasureApi } from '@lead/contract/api';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { fetchSites } from '../../api/sites.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { plural } from '../../lib/format.js';

/** Who was looked up: what the dry run found is what "Erase" erases, never what was typed since. */
export interface Lookup {
  email: string;
  phone: string;
  /** Where a national number is read: one of the sites' countries, or '' for each site's own. */
  country: '' | Country;
}

const blank = () => ({
  email: '',
  phone: '',
  country: '' as '' | Country,
  /** The countries of the caller's sites, in the contract's order (the choices of "Country"). */
  countries: [] as Country[],
  busy: false,
  /** The last dry run and what it looked for; cleared as soon as any field changes. */
  found: null as null | { lookup: Lookup; answer: ErasureAnswer },
  /** What the server refused of the last lookup, by field (a national number that is several people's: `country`). */
  refused: null as FieldErrors | null,
  confirming: false,
  /** The last erasure's answer (what went). */
  erased: null as ErasureAnswer | null,
});

/** "Erase a person" (admins): find by e-mail or phone, see what will go, erase on confirmation. */
export const erasure = proxy(blank());
onSessionReset(() => Object.assign(erasure, blank()));

export const lookupErrors = () =>
  erasureErrors({ email: erasure.email, phone: erasure.phone, country: erasure.country });

export function setLookup<F extends keyof Lookup>(field: F, value: Lookup[F]): void {
  (erasure as Lookup)[field] = value;
  erasure.found = null;
  erasure.refused = null;
  erasure.confirming = false;
}

/** The countries of the caller's sites, once per screen (a failure leaves only "each site's country"). */
export async function loadCountries(): Promise<void> {
  const sites = await fetchSites({ hideLoading: true });
  if (!sites) return;
  const held = new Set(sites.map((s) => s.country_id));
  erasure.countries = COUNTRIES.filter((c) => held.has(c));
}

/** The request body of a lookup: only the fields given, trimmed; a country only with a number. */
export function bodyOf(lookup: Lookup, dryRun: boolean): BodyOf<ErasureApi['erase']> {
  const email = lookup.email.trim();
  const phone = lookup.phone.trim();
  return {
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(phone && lookup.country ? { country: lookup.country } : {}),
    dry_run: dryRun,
  };
}

async function erase(lookup: Lookup, dryRun: boolean): Promise<ErasureAnswer | null> {
  erasure.busy = true;
  try {
    return (await call('POST /api/admin/leads/erasure', { body: bodyOf(lookup, dryRun), hideError: true }))._data;
  } catch (error) {
    if (error instanceof ApiError) {
      erasure.refused = error.body?.errors ?? null;
      reportNotice(errorMessages(error.body).join(', '));
    } else if (!isAbort(error)) throw error;
    return null;
  } finally {
    erasure.busy = false;
  }
}

/** The dry run: what would go, per campaign; nothing changes. */
export async function findPerson(): Promise<void> {
  if (lookupErrors() || erasure.busy) return;
  const lookup = { email: erasure.email, phone: erasure.phone, country: erasure.country };
  erasure.erased = null;
  erasure.refused = null;
  const answer = await erase(lookup, true);
  if (answer) erasure.found = { lookup, answer };
}

export function askErase(open: boolean): void {
  erasure.confirming = open && Boolean(erasure.found?.answer.leads);
}

/** Erases what the dry run found (its lookup), then shows what went. */
export async function erasePerson(): Promise<void> {
  const found = erasure.found;
  erasure.confirming = false;
  if (!found || erasure.busy) return;
  const answer = await erase(found.lookup, false);
  if (!answer) return;
  erasure.found = null;
  erasure.erased = answer;
  notify('success', `Erased ${plural(answer.leads, 'lead')} in ${plural(answer.campaigns, 'campaign')}.`);
}

/** "2 leads in 1 campaign". */
export const countText = (a: Pick<ErasureAnswer, 'leads' | 'campaigns'>): string =>
  `${plural(a.leads, 'lead')} in ${plural(a.campaigns, 'campaign')}`;
