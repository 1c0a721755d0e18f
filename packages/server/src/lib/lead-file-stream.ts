/**
 * A lead file streamed to the caller (the campaign lead export and the Leads page's, issue #12
 * and #43): CSV, the file staff download (UTF-8 with a BOM so that Excel reads accents, formula-like
 * cells neutralised), or NDJSON, what the admin's XLSX writer reads (a header line
 * `{columns, total}` and one JSON array of strings per lead). Rows are written a page at a time,
 * with a turn of the event loop between pages.
 */
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { ExportColumn } from '@lead/contract';
import type { FastifyReply } from 'fastify';
import { csvLine } from './csv.js';

export interface LeadFileStream<T> {
  csv: boolean;
  columns: ExportColumn[];
  /** The rows the file holds (`X-Total-Count`). */
  count: number;
  /** The file's name without its extension. */
  name: string;
  pages: AsyncIterable<T[]>;
  row: (lead: T) => string[];
}

export function sendLeadFile<T>(reply: FastifyReply, file: LeadFileStream<T>): FastifyReply {
  const { csv, columns, count, pages, row } = file;
  const rows = async function* () {
    yield csv ? '\uFEFF' + csvLine(columns.map((c) => c.label)) : JSON.stringify({ columns, total: count }) + '\n';
    for await (const page of pages) {
      let chunk = '';
      for (const lead of page) chunk += csv ? csvLine(row(lead)) : JSON.stringify(row(lead)) + '\n';
      yield chunk;
      // Other requests are served between pages: a socket that takes every chunk at once (or
      // an in-process reader) never waits for 'drain', and on PGlite the export would hold the
      // event loop and the database to its last page (test/costs-yield.test.ts).
      await setImmediate();
    }
  };
  return reply
    .header('content-type', csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}.${csv ? 'csv' : 'ndjson'}"`)
    .header('cache-control', 'no-store')
    .header('x-total-count', String(count))
    .send(Readable.from(rows()));
}
