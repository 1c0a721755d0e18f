/**
 * A one-sheet `.xlsx` workbook written as it goes (issue #12): our code writes the OOXML parts
 * (ECMA-376) and fflate zips them, so memory holds a batch of rows and the zip's output, never the
 * whole sheet as text. Cells are inline strings (no shared-strings table to keep), dates real
 * spreadsheet dates, text cells formatted as text so that a phone's leading `+` and `0` stay.
 * The header row is bold and frozen; column widths come from the header and the first rows.
 */
import { Zip, ZipDeflate } from 'fflate';

export interface SheetColumn {
  label: string;
  /** `date` cells arrive as 'YYYY-MM-DD HH:mm:ss' and are written as date serials. */
  type: 'text' | 'date';
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows looked at for column widths before the sheet starts. */
const WIDTH_SAMPLE = 200;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const DATE_WIDTH = 20;

/** Style indexes of styles.xml's cellXfs. */
const STYLE = { header: 1, date: 2, text: 3 } as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const STATIC_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>',
  '_rels/.rels':
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    '</Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    '</Relationships>',
  // 0 default, 1 bold header, 2 date and time, 3 text ('@').
  'xl/styles.xml':
    `<styleSheet xmlns="${NS}">` +
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="4">' +
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '</cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>',
};

// XML 1.0 has no place for most control characters: they are dropped, as spreadsheets do.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text as XML character data; most cells need nothing, and are returned as they are at once. */
export const escapeXml = (text: string): string =>
  NEEDS_WORK.test(text) ? text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!) : text;

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** Days since 1899-12-30 (the spreadsheet epoch) of a wall-clock 'YYYY-MM-DD HH:mm:ss'; null when it is not one. */
export function dateSerial(value: string): number | null {
  const m = WIRE_DATE.exec(value);
  if (!m) return null;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  return ms / 86_400_000 + 25_569;
}

/** Only text with whitespace at an end needs xml:space (XML would trim it otherwise). */
const EDGE_SPACE = /^\s|\s$/;
/**
 * A text cell. Cells carry no `r`: each row writes every column (an empty one as `<c/>`), so
 * positions are implicit and the sheet is a fifth smaller, which the zip feels most.
 */
const inlineString = (style: number, text: string) =>
  `<c s="${style}" t="inlineStr"><is><t${EDGE_SPACE.test(text) ? ' xml:space="preserve"' : ''}>${escapeXml(text)}</t></is></c>`;

/** XML is handed to the zip in pieces of about this many characters (fflate is fastest with large pushes). */
const FLUSH_AT = 1 << 20;

/**
 * Writes one sheet: `addRows` as rows arrive, then `finish`. `onData` receives the zip's bytes
 * in order (`final` on the last chunk).
 */
export class XlsxWriter {
  private readonly zip: Zip;
  private sheet: ZipDeflate | null = null;
  private readonly sample: string[][] = [];
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly columns: readonly SheetColumn[],
    onData: (chunk: Uint8Array, final: boolean) => void,
    private readonly options: { sheetName?: string; level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 } = {},
  ) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) throw error;
      onData(chunk, final);
    });
    const sheetName = escapeXml((options.sheetName ?? 'Leads').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
    const parts = {
      ...STATIC_PARTS,
      'xl/workbook.xml':
        `<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    };
    for (const [name, xml] of Object.entries(parts)) {
      const file = new ZipDeflate(name, { level: 6 });
      this.zip.add(file);
      file.push(this.encoder.encode(XML_HEAD + xml), true);
    }
  }

  /** Adds rows (one string per column). */
  addRows(rows: readonly (readonly string[])[]): void {
    if (!this.sheet) {
      this.sample.push(...(rows as string[][]));
      if (this.sample.length < WIDTH_SAMPLE) return;
      this.start();
      return;
    }
    this.write(rows);
  }

  /** Ends the sheet and the zip; the last `onData` call has `final` set. */
  finish(): void {
    if (!this.sheet) this.start();
    this.sheet!.push(this.encoder.encode(this.pending + '</sheetData></worksheet>'), true);
    this.pending = '';
    this.zip.end();
  }

  private start() {
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: this.options.level ?? 1 });
    this.zip.add(this.sheet);
    const widths = this.columns.map((c, i) =>
      c.type === 'date'
        ? DATE_WIDTH
        : Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, c.label.length, ...this.sample.map((r) => (r[i] ?? '').length)) + 2),
    );
    const header = this.columns.map((c) => inlineString(STYLE.header, c.label)).join('');
    this.sheet.push(
      this.encoder.encode(
        XML_HEAD +
          `<worksheet xmlns="${NS}">` +
          '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
          `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>` +
          `<sheetData><row>${header}</row>`,
      ),
    );
    this.write(this.sample);
    this.sample.length = 0;
  }

  private pending = '';

  private write(rows: readonly (readonly string[])[]) {
    let xml = this.pending;
    const types = this.columns.map((c) => c.type);
    for (const row of rows) {
      xml += '<row>';
      for (let i = 0; i < types.length; i++) {
        const value = row[i] ?? '';
        if (value === '') {
          xml += '<c/>';
          continue;
        }
        const serial = types[i] === 'date' ? dateSerial(value) : null;
        xml += serial === null ? inlineString(STYLE.text, value) : `<c s="${STYLE.date}"><v>${serial}</v></c>`;
      }
      xml += '</row>';
    }
    this.pending = '';
    if (xml.length >= FLUSH_AT) this.sheet!.push(this.encoder.encode(xml));
    else this.pending = xml;
  }
}
