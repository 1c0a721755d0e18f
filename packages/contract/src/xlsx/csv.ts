/**
 * CSV as Lead writes it (RFC 4180): the lead export staff download and the scheduled e-mail files
 * (issue #30). Cells are quoted when they hold a comma, a quote or a line break; lines end in CRLF.
 */

/**
 * A cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return) gets a leading apostrophe, so that it opens as the text it is (OWASP's CSV
 * injection advice).
 */
export const neutralise = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** What `neutralise` added, taken off again when our own download comes back as an upload. */
export const unneutralise = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** One CSV line, every cell neutralised, quoting what needs it. */
export const csvLine = (fields: readonly string[]): string =>
  fields
    .map(neutralise)
    .map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f))
    .join(',') + '\r\n';

/** The byte-order mark a file starts with, so that Excel reads it as UTF-8 (accents intact). */
export const CSV_BOM = '\uFEFF';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A whole CSV file: the BOM, the header line, then one line per row. */
export const csvFile = (header: readonly string[], rows: Iterable<readonly string[]>): string => {
  let text = CSV_BOM + csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
};
