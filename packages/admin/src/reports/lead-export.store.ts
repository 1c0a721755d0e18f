import { leadExportFileName } from '@lead/contract';
import type { CampaignLeadsApi, QueryOf, Under } from '@lead/contract/api';
import { proxy, ref } from 'valtio';
import { ApiError, apiBlob, apiResponse, isAbort } from '../api/client.js';
import { reportNotice } from '../api/failures.js';
import { saveBlob } from '../lib/download.js';
import type { FromWorker, ToWorker } from '../lib/xlsx/protocol.js';
import { onSessionReset } from '../stores/reset.js';

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

/** The export's answer is a file (CSV, or NDJSON rows for the XLSX writer): its table entry declares only the query. */
const path = 'campaign/leads/export' satisfies Under<'/api/admin', CampaignLeadsApi['export']>;

/** Downloads the leads of `ids` (a campaign, or a selection), named as the server names them. */
export async function exportLeads(ids: number[], format: ExportFormat, sheetName = 'Leads'): Promise<void> {
  if (leadExport.running || !ids.length) return;
  const fileName = leadExportFileName(ids);
  const controller = new AbortController();
  let worker: Worker | null = null;
  const stop = () => {
    controller.abort();
    worker?.terminate();
  };
  leadExport.running = { format, rows: 0, total: null, cancel: ref(stop) as () => void };
  leadExport.announcement = `Preparing the ${format.toUpperCase()} file…`;
  const searchParams = { ids: ids.join(','), format: format === 'csv' ? 'csv' : 'ndjson' } satisfies QueryOf<CampaignLeadsApi['export']>;
  try {
    if (format === 'csv') {
      const blob = await apiBlob('GET', path, { searchParams, hideLoading: true, signal: controller.signal });
      saveBlob(blob, `${fileName}.csv`);
    } else {
      mark('start');
      worker = new Worker(new URL('../lib/xlsx/export.worker.ts', import.meta.url), { type: 'module', name: 'xlsx-export' });
      const done = workbookFrom(worker, controller.signal);
      const response = await apiResponse('GET', path, { searchParams, hideLoading: true, signal: controller.signal });
      mark('response');
      const total = Number(response.headers.get('x-total-count'));
      if (leadExport.running && Number.isFinite(total)) leadExport.running.total = total;
      send(worker, { type: 'start', sheetName });
      await forward(response, worker);
      mark('received');
      const blob = await done;
      mark('written');
      saveBlob(blob, `${fileName}.xlsx`);
    }
    leadExport.announcement = `The ${format.toUpperCase()} file is ready.`;
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

const send = (worker: Worker, message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);

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
