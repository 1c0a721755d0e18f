/**
 * The daily figures as an XLSX file (issue #31): the chosen days with their leads, duplicates,
 * billable leads and spend in the client's currency, as the chart's table shows them.
 */
import type { SheetColumn } from '@lead/contract/xlsx';
import { plural } from '../../lib/format.js';
import { notify } from '../../stores/ui.js';
import { daySpend, seriesTotals, type DailyPoint } from './daily.js';

export const DAILY_COLUMNS: SheetColumn[] = [
  { label: 'Day', type: 'date' },
  { label: 'Impressions', type: 'text' },
  { label: 'Leads', type: 'text' },
  { label: 'Duplicates', type: 'text' },
  { label: 'Billable leads', type: 'text' },
  { label: 'Spend', type: 'text' },
  { label: 'Currency', type: 'text' },
];

/** One row per day (the day as a date cell), then a Total row; spend with two decimals. */
export function dailySheetRows(points: readonly DailyPoint[], price: number, currency: string): string[][] {
  const row = (day: string, p: { impressions: number; leads: number; duplicates: number; billable: number }) => [
    day,
    String(p.impressions),
    String(p.leads),
    String(p.duplicates),
    String(p.billable),
    daySpend(p, price).toFixed(2),
    currency,
  ];
  return [...points.map((p) => row(`${p.day.toString()} 00:00:00`, p)), row('Total', seriesTotals(points))];
}

/** Writes the workbook (fflate loads with the click) and saves it as `<name> daily.xlsx`. */
export async function downloadDailyXlsx(
  name: string,
  points: readonly DailyPoint[],
  price: number,
  currency: string,
): Promise<void> {
  const [{ XlsxWriter, XLSX_TYPE }, { saveBlob }] = await Promise.all([
    import('@lead/contract/xlsx'),
    import('../../lib/download.js'),
  ]);
  const parts: Uint8Array[] = [];
  const writer = new XlsxWriter(DAILY_COLUMNS, (chunk) => parts.push(chunk), { sheetName: 'Daily figures' });
  writer.addRows(dailySheetRows(points, price, currency));
  writer.finish();
  saveBlob(new Blob(parts as BlobPart[], { type: XLSX_TYPE }), `${name} daily.xlsx`);
  notify('success', `Exported the figures of ${plural(points.length, 'day')} to ${name} daily.xlsx`);
}
