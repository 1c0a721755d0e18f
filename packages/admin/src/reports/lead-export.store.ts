import { leadExportFileName } from '@lead/contract';
import type { AdminRouteOf, QueryIn, QueryOf } from '@lead/contract/api';
import { proxy, ref } from 'valtio';
import { ApiError, callResponse, isAbort } from '../api/client.js';
import { reportNotice } from '../api/failures.js';
import { saveBlob } from '../lib/download.js';
import { plural } from '../lib/format.js';
import type { FromWorker, ToWorker } from '../lib/xlsx/protocol.js';
import { onSessionReset } from '../stores/reset.js';
import { notify } from '../stores/ui.js';

export type ExportFormat = 'csv' | 'xlsx';

/** A file being made: which, how far (rows written of the total, XLSX only), and how to stop it. */
interface Running {
  format: ExportFormat;
  rows: number;
  total: number | null;
  cancel: () => void;
}

/**
 * Lead export (issue #12), one at a time: CSV comes from the server as it is; XLSX is written in
 * a Web Worker from the server's row stream, with progress and Cancel, so the page never freezes.
 */
export const leadExport = proxy({ running: null as Running | null, announcement: '' });
onSessionReset(() => cancelExport());

/** The days a file is limited to (`YYYY-MM-DD`, both included), or none of either end. */
export interface ExportRange {
  from?: string | null;
  to?: string | null;
}

/**
 * A lead file to download: the route (a campaign's or a selection's, or the Leads page's), its
 * query without `format`, and the file's name without its extension. The answer is a file (CSV, or
 * NDJSON rows for the XLSX writer): the routes' tables declare only their query.
 */
export type LeadFileRequest = {
  [N in 'GET /api/admin/campaign/leads/export' | 'GET /api/admin/leads/export']: {
    route: N;
    query: Omit<QueryIn<QueryOf<AdminRouteOf<N>>>, 'format'>;
    fileName: string;
  };
}['GET /api/admin/campaign/leads/export' | 'GET /api/admin/leads/export'];

/** Downloads the leads of `ids` (a campaign, or a selection), within `range` when given, named as the server names them. */
export function exportLeads(
  ids: number[],
  format: ExportFormat,
  sheetName = 'Leads',
  range: ExportRange = {},
): Promise<void> {
  if (!ids.length) return Promise.resolve();
  const days = { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  return exportLeadFile(
    {
      route: 'GET /api/admin/campaign/leads/export',
      query: { ids: ids.join(','), ...days },
      fileName: leadExportFileName(ids, range),
    },
    format,
    sheetName,
  );
}

/**
 * Downloads a lead file (a campaign's, a selection's, the Leads page's): CSV as the server writes
 * it, XLSX written in a worker from its rows. Then says what was downloaded.
 */
export async function exportLeadFile(
  request: LeadFileRequest,
  format: ExportFormat,
  sheetName = 'Leads',
): Promise<void> {
  if (leadExport.running) return;
  const controller = new AbortController();
  let worker: Worker | null = null;
  const stop = () => {
    controller.abort();
    worker?.terminate();
  };
  leadExport.running = { format, rows: 0, total: null, cancel: ref(stop) as () => void };
  leadExport.announcement = `Preparing the ${format.toUpperCase()} file…`;
  const fetchFile = () =>
    callResponse(request.route, {
      query: { ...request.query, format: format === 'csv' ? 'csv' : 'ndjson' },
      hideLoading: true,
      signal: controller.signal,
    });
  const fileName = `${request.fileName}.${format}`;
  try {
    let total: number;
    if (format === 'csv') {
      const response = await fetchFile();
      total = Number(response.headers.get('x-total-count'));
      saveBlob(await response.blob(), fileName);
    } else {
      mark('start');
      worker = new Worker(new URL('../lib/xlsx/export.worker.ts', import.meta.url), {
        type: 'module',
        name: 'xlsx-export',
      });
      const done = workbookFrom(worker, controller.signal);
      const response = await fetchFile();
      mark('response');
      total = Number(response.headers.get('x-total-count'));
      if (leadExport.running && Number.isFinite(total)) leadExport.running.total = total;
      send(worker, { type: 'start', sheetName });
      await forward(response, worker);
      mark('received');
      const blob = await done;
      mark('written');
      saveBlob(blob, fileName);
    }
    const leads = Number.isFinite(total) ? ` (${plural(total, 'lead')})` : '';
    leadExport.announcement = `The ${format.toUpperCase()} file is ready. Downloaded ${fileName}${leads}.`;
    // What happened, where the eye is: the count and the file's name.
    notify('success', `Exported ${Number.isFinite(total) ? plural(total, 'lead') : 'the leads'} to ${fileName}`);
  } catch (error) {
    if (controller.signal.aborted || isAbort(error)) leadExport.announcement = 'Export cancelled.';
    else if (!(error instanceof ApiError)) {
      // The shell shows failed calls (api/failures.ts); a failure of the workbook itself is told here.
      leadExport.announcement = 'The export failed.';
      reportNotice('Something wrong, please try again', error instanceof Error ? error.message : undefined);
    }
  } finally {
    worker?.terminate();
    leadExport.running = null;
  }
}

/** Where an XLSX export's time goes (start, response, received, written), for `npm run bench:xlsx`. */
const mark = (stage: string) => performance.mark(`lead-export:${stage}`);

export function cancelExport(): void {
  leadExport.running?.cancel();
}

const send = (worker: Worker, message: ToWorker, transfer: Transferable[] = []) =>
  worker.postMessage(message, transfer);

/** The response body's bytes to the worker as they arrive (moved, not copied), then its end. */
async function forward(response: Response, worker: Worker): Promise<void> {
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
    const data = (whole ? value.buffer : value.slice().buffer) as ArrayBuffer;
    send(worker, { type: 'chunk', data }, [data]);
  }
  send(worker, { type: 'end' });
}

/** The worker's finished file; its progress goes to the store as it comes. */
function workbookFrom(worker: Worker, signal: AbortSignal): Promise<Blob> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')), { once: true });
    worker.onerror = (event) => reject(new Error(event.message || 'The export worker stopped.'));
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === 'progress') {
        if (leadExport.running) {
          leadExport.running.rows = m.rows;
          leadExport.running.total = m.total;
        }
      } else if (m.type === 'done') resolve(m.blob);
      else reject(new Error(m.message));
    };
  });
}
