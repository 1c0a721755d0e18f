/** Messages between the page and the XLSX export worker. */

/** Page → worker: the sheet's name, the server's row stream (NDJSON bytes) as it arrives, then its end. */
export type ToWorker = { type: 'start'; sheetName: string } | { type: 'chunk'; data: ArrayBuffer } | { type: 'end' };

/** Worker → page: rows written so far, the finished file, or why it failed. */
export type FromWorker =
  | { type: 'progress'; rows: number; total: number }
  | { type: 'done'; blob: Blob; rows: number }
  | { type: 'error'; message: string };
