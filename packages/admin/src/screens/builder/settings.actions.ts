import { isAbort, call } from '../../api/client.js';
import { builder, touch } from './state.js';

/* The SETTINGS step: timeframe, appearance time, frequency, leads, price per lead, sponsored content. */

export function setForever(forever: boolean): void {
  builder.forever = forever;
  touch();
}
export function setDates(start: string | null, end: string | null): void {
  builder.startDate = start;
  builder.endDate = end;
  touch();
}
export function setHour(which: 'startHour' | 'endHour', hour: string): void {
  builder[which] = hour;
  touch();
}
/** Appearance end options come after the start; an end at or before the start is cleared. */
export function setAppearance(on: boolean): void {
  builder.appearance = on ? { startTime: '08:00', endTime: '22:00' } : null;
  touch();
}
export function setAppearanceStart(startTime: string): void {
  if (!builder.appearance) return;
  builder.appearance.startTime = startTime;
  if (builder.appearance.endTime !== null && builder.appearance.endTime <= startTime) builder.appearance.endTime = null;
  touch();
}
export function setAppearanceEnd(endTime: string | null): void {
  if (builder.appearance) builder.appearance.endTime = endTime;
  touch();
}

/** The site's sponsors (from its CMS, or the stored fallback); a failure is only logged. */
export async function loadSponsors(): Promise<void> {
  try {
    const res = await call('GET /api/admin/sites/:id/sponsors', {
      params: { id: builder.siteId },
      hideLoading: true,
      hideError: true,
    });
    builder.sponsors = res._data.models;
  } catch (error) {
    if (!isAbort(error)) console.warn('sponsors could not be loaded', error);
  }
}
export function setSponsored(on: boolean): void {
  builder.isSponsor = on;
  if (!on) {
    builder.includeSponsoredOnlyList = false;
    builder.sponsorIds = [];
  }
  touch();
}
/** Excluding all sponsored content clears the sponsor-client list; otherwise sponsoring clients may be chosen. */
export function setIncludeSponsoredOnlyList(include: boolean): void {
  builder.includeSponsoredOnlyList = include;
  if (!include) builder.sponsorIds = [];
  touch();
}
export function setSponsorIds(ids: number[]): void {
  builder.sponsorIds = ids;
  touch();
}

export function setStopAtGoal(on: boolean): void {
  builder.stopAtGoal = on;
  touch();
}

export function setNumber(which: 'frequency' | 'leads' | 'price', text: string): void {
  builder[which] = text;
  touch();
}
