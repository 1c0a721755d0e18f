/**
 * The files Lead writes for people (issue #12, #30): a one-sheet XLSX workbook (fflate) and CSV,
 * shared by the admin's export (in a worker) and the server's scheduled e-mail files. A subpath of
 * its own (`@lead/contract/xlsx`), so that only what imports it carries fflate.
 */
export { csvFile, csvLine, CSV_BOM, CSV_TYPE, neutralise, unneutralise } from './csv.js';
export { dateSerial, escapeXml, XLSX_TYPE, XlsxWriter, type SheetColumn } from './workbook.js';
