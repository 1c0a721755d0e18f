/*
 * A lead's phone number as the lead tables show it: in the national form of the number's country
 * ('0912 345 678'), read from its E.164 form; else as typed. The national form needs
 * libphonenumber and its metadata (about 14 KB gzipped), so it is loaded with the first lead rows, not
 * with the screens: a store awaits `loadPhoneFormat()` beside its call, and its rows show once both
 * are in.
 */
let national: ((e164: string) => string | null) | undefined;

/** Loads the national format once; later calls resolve at once. */
export async function loadPhoneFormat(): Promise<void> {
  national ??= (await import('@lead/contract/phone')).formatPhoneNational;
}

/** What a lead's Phone cell shows (the E.164 form as typed until `loadPhoneFormat` has resolved). */
export function leadPhone(lead: { phone_e164?: string | null; phone?: string | null }): string {
  return (lead.phone_e164 && national ? national(lead.phone_e164) : null) ?? lead.phone ?? '';
}
