// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseCsv } from '@lead/testing/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateSerial, escapeXml, XlsxWriter, type SheetColumn } from './workbook.js';

const run = promisify(execFile);

/** The workbook's bytes, written in batches as the export worker does. */
function workbook(columns: SheetColumn[], rows: string[][], batch = 97): Buffer {
  const chunks: Uint8Array[] = [];
  let ended = false;
  const writer = new XlsxWriter(columns, (chunk, final) => {
    chunks.push(chunk);
    ended = final;
  });
  for (let i = 0; i < rows.length; i += batch) writer.addRows(rows.slice(i, i + batch));
  writer.finish();
  expect(ended).toBe(true);
  return Buffer.concat(chunks);
}

describe('xlsx helpers', () => {
  it('turns wall-clock times into spreadsheet serials and refuses what is not one', () => {
    expect(dateSerial('1899-12-31 00:00:00')).toBe(1);
    expect(dateSerial('2026-11-01 12:00:00')).toBe(46_327.5);
    expect(dateSerial('2026-11-01')).toBeNull();
    expect(dateSerial('yesterday')).toBeNull();
  });

  it('escapes markup and drops what XML cannot hold', () => {
    expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(escapeXml('bell\u0007 tab\t line\n lone\uD800 pair\u{1F600}')).toBe('bell tab\t line\n lone pair\u{1F600}');
  });
});

/*
 * Checked by a program that is not ours: LibreOffice opens the workbook and writes it back as CSV
 * (every cell as shown) and as a flat OpenDocument file (cell types, bold header, widths).
 */
describe('the workbook as LibreOffice reads it', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lead-xlsx-'));
  });
  afterAll(async () => {
    if (!process.env.KEEP) await rm(dir, { recursive: true, force: true });
  });

  const convert = async (file: string, to: string) => {
    await run(
      'libreoffice',
      ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', to, '--outdir', dir, file],
      { timeout: 120_000 },
    );
  };

  it('has every cell as written: text stays text, dates are dates, the header is bold and frozen', async () => {
    const columns: SheetColumn[] = [
      { label: 'Full name', type: 'text' },
      { label: 'Phone number', type: 'text' },
      { label: 'Date', type: 'date' },
      { label: 'Page URL', type: 'text' },
    ];
    const tricky = [
      ['Nguyễn Thị Hòa', '+84 912 345 678', '2026-11-01 08:02:03', 'https://bacsi-online.vn/heart/?a=1&b=<2>'],
      ['=1+1', '0912345678', '2026-02-28 23:59:59', ''],
      ['Quote "me", please', '007', '2026-01-01 00:00:00', 'https://x.test/'],
      ['', '', '', ''],
      ['  two spaces either side  ', '', '2026-03-01 00:00:01', 'tab\tinside'],
      ['ลูกค้า 客户 عميل', '1e5', '2024-02-29 12:30:00', ''],
    ];
    const rows = [
      ...tricky,
      ...Array.from({ length: 400 }, (_, i) => [
        `Reader ${i}`,
        `+84 98${String(i).padStart(7, '0')}`,
        `2026-10-${String(1 + (i % 30)).padStart(2, '0')} 10:00:${String(i % 60).padStart(2, '0')}`,
        `https://x.test/${i}`,
      ]),
    ];
    const file = join(dir, 'leads.xlsx');
    await writeFile(file, workbook(columns, rows));

    await convert(file, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false');
    const csv = (await readFile(join(dir, 'leads.csv'), 'utf8')).replace(/^\uFEFF/, '');
    const parsed = parseCsv(csv.trimEnd());
    expect(parsed[0]).toEqual(columns.map((c) => c.label));
    expect(parsed.slice(1)).toEqual(rows);

    await convert(file, 'fods');
    const fods = await readFile(join(dir, 'leads.fods'), 'utf8');
    // The header row's cells have a bold style; dates are date values; phones stay text.
    const headerStyle = /<table:table-row[^>]*>\s*<table:table-cell table:style-name="(ce\d+)"/.exec(fods)?.[1];
    expect(new RegExp(`<style:style style:name="${headerStyle}"[^]*?</style:style>`).exec(fods)?.[0]).toMatch(
      /fo:font-weight="bold"/,
    );
    expect(fods).toMatch(/office:value-type="date" office:date-value="2026-11-01T08:02:03"/);
    expect(fods).toMatch(/office:value-type="string"[^>]*>\s*<text:p>\+84 912 345 678</);
    expect(fods).toMatch(/office:value-type="string"[^>]*>\s*<text:p>0912345678</);
    // Widths follow the content: the page URL column is the widest, the others between.
    const widths = [...fods.matchAll(/style:column-width="([\d.]+)in"/g)].map((m) => Number(m[1]));
    expect(Math.max(...widths) / Math.min(...widths)).toBeGreaterThan(2);

    // A headless LibreOffice keeps no view settings, so the frozen pane is read from the sheet (Debian's unzip).
    const { stdout: sheet } = await run('unzip', ['-p', file, 'xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
  }, 180_000);
});
