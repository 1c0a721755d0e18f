/// <reference lib="webworker" />
/**
 * The XLSX export off the page's thread (issue #12): reads the server's row stream as the page
 * forwards it, writes the workbook as rows come and posts progress, then the finished file.
 * The page cancels by terminating the worker.
 */
import type { FromWorker, ToWorker } from './protocol.js';
import { RowStreamReader } from './rows.js';
import { XLSX_TYPE, XlsxWriter } from '@lead/contract/xlsx';

declare const self: DedicatedWorkerGlobalScope;

const reader = new RowStreamReader();
const decoder = new TextDecoder();
const parts: Uint8Array[] = [];
let writer: XlsxWriter | null = null;
let rows = 0;
let reported = 0;
/** Progress goes out every this many rows: often enough for the bar, rarely enough to cost nothing. */
const REPORT_EVERY = 2000;
let sheetName = 'Leads';

const post = (message: FromWorker) => self.postMessage(message);

function write(batch: string[][]) {
  if (!reader.header) return;
  writer ??= new XlsxWriter(reader.header.columns, (chunk) => parts.push(chunk), { sheetName });
  if (!batch.length) return;
  writer.addRows(batch);
  rows += batch.length;
  if (rows - reported >= REPORT_EVERY) {
    reported = rows;
    post({ type: 'progress', rows, total: reader.header.total });
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  try {
    const message = event.data;
    if (message.type === 'start') {
      sheetName = message.sheetName;
      return;
    }
    if (message.type === 'chunk') {
      write(reader.push(decoder.decode(message.data, { stream: true })));
      return;
    }
    write([...reader.push(decoder.decode()), ...reader.end()]);
    if (!writer) throw new Error('The export sent no columns.');
    writer.finish();
    post({ type: 'done', blob: new Blob(parts as BlobPart[], { type: XLSX_TYPE }), rows });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
