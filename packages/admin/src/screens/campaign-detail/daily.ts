import { billableLeads, conversionRate, spendOf, type DayFigures as Wire } from '@lead/contract';
import { Temporal } from 'temporal-polyfill';
import { formatConversionRate, formatCount, formatDay, plural } from '../../lib/format.js';

/** What the chart reads of a day of the campaign's figures (the contract's `DayFigures`, GET /campaign/{id}/figures); duplicates and credited absent: none. */
export type DayFigures = Pick<Wire, 'day' | 'impressions' | 'leads'> & Partial<Pick<Wire, 'duplicates' | 'credited'>>;

export interface DailyPoint {
  day: Temporal.PlainDate;
  impressions: number;
  leads: number;
  duplicates: number;
  /** Leads − duplicates: what the client pays for. */
  billable: number;
  /** Leads / impressions × 100, 0 without impressions. */
  rate: number;
}

/** Every day of the range, in order, with 0 for a day without figures. */
export function dailySeries(
  figures: readonly DayFigures[],
  start: Temporal.PlainDate,
  end: Temporal.PlainDate,
): DailyPoint[] {
  const byDay = new Map(figures.map((f) => [f.day.slice(0, 10), f]));
  const out: DailyPoint[] = [];
  for (let day = start; Temporal.PlainDate.compare(day, end) <= 0; day = day.add({ days: 1 })) {
    const f = byDay.get(day.toString());
    const impressions = Number(f?.impressions ?? 0);
    const leads = Number(f?.leads ?? 0);
    const duplicates = Number(f?.duplicates ?? 0);
    const credited = Number(f?.credited ?? 0);
    out.push({
      day,
      impressions,
      leads,
      duplicates,
      billable: billableLeads(leads, duplicates, credited),
      rate: conversionRate(leads, impressions),
    });
  }
  return out;
}

export interface SeriesTotals {
  impressions: number;
  leads: number;
  duplicates: number;
  billable: number;
}

export function seriesTotals(points: readonly DailyPoint[]): SeriesTotals {
  return points.reduce(
    (t, p) => ({
      impressions: t.impressions + p.impressions,
      leads: t.leads + p.leads,
      duplicates: t.duplicates + p.duplicates,
      billable: t.billable + p.billable,
    }),
    { impressions: 0, leads: 0, duplicates: 0, billable: 0 },
  );
}

/** A day's (or a range's) spend: its billable leads × the campaign's price per lead. */
export const daySpend = (p: { billable: number }, price: number): number => spendOf(p.billable, price);

/** A day of the figures, '01 Nov, 2026' (the display format's date): in the table, the chart and its summary. */
export const dayLabel = (d: Temporal.PlainDate): string => formatDay(d);

const best = (points: readonly DailyPoint[], key: 'impressions' | 'leads') =>
  points.reduce<DailyPoint | null>((b, p) => (p[key] > 0 && (!b || p[key] > b[key]) ? p : b), null);

/** What the chart shows, said in words: the screen reader's reading of the image. */
export function chartSummary(points: readonly DailyPoint[]): string {
  if (!points.length) return 'No days chosen.';
  const first = points[0]!.day;
  const last = points.at(-1)!.day;
  const t = seriesTotals(points);
  const range = `${dayLabel(first)} to ${dayLabel(last)}`;
  if (t.impressions === 0 && t.leads === 0) return `No impressions or leads from ${range}.`;
  const parts = [
    `From ${range}: ${formatCount(t.impressions)} impressions and ${formatCount(t.leads)} leads, a conversion rate of ${formatConversionRate(t.leads, t.impressions)}.`,
  ];
  const topImpressions = best(points, 'impressions');
  const topLeads = best(points, 'leads');
  if (topImpressions)
    parts.push(`Most impressions on ${dayLabel(topImpressions.day)} (${formatCount(topImpressions.impressions)}).`);
  if (topLeads) parts.push(`Most leads on ${dayLabel(topLeads.day)} (${formatCount(topLeads.leads)}).`);
  return parts.join(' ');
}

/** A "nice" axis maximum (1, 2 or 5 × 10^n) at or above `max`, so that gridlines fall on round numbers. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** A day's figures in words: what the chart's tooltip shows and a screen reader reads. */
export const dayFigures = (p: DailyPoint): string =>
  `${dayLabel(p.day)}: ${plural(p.impressions, 'impression')}, ${plural(p.leads, 'lead')}, conversion rate ${formatConversionRate(p.leads, p.impressions)}`;
