import { Button } from '@lead/headless/Button';
import { Label, ProgressBar } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { formatCount, formatDate } from '../lib/format.js';
import * as s from '../shell/shell.css.js';
import { cancelExport, exportLeads, leadExport, type ExportFormat, type ExportRange } from './lead-export.store.js';
import * as st from './reports.css.js';

export interface LeadExportProps {
  /** The campaigns whose leads go into the file (one campaign, or a selection). */
  ids: number[];
  /** The workbook's sheet name (the campaign's name). */
  sheetName?: string;
  /** Names the buttons' group, e.g. 'Export leads' or 'Export the selected campaigns' leads'. */
  label?: string;
  isDisabled?: boolean;
  /**
   * The days the file is limited to (the campaign list's Performance range); said beside the
   * buttons ('Leads created Nov 15, 2026 – Nov 21, 2026', or 'All leads, all time' without one).
   */
  range?: ExportRange;
}

/** What a file of `range` holds, in words. */
export function rangeLabel(range: ExportRange): string {
  if (!range.from && !range.to) return 'All leads, all time';
  const day = (d: string | null | undefined, fallback: string) => (d ? formatDate(d) : fallback);
  return `Leads created ${day(range.from, 'from the start')} – ${day(range.to, 'today')}`;
}

/** While a file is being made: its progress bar and Cancel. */
export function ExportProgress() {
  const { running } = useSnapshot(leadExport);
  if (!running) return null;
  return (
    <>
      <ProgressBar
        className={st.progress}
        value={running.rows}
        maxValue={running.total || 1}
        isIndeterminate={running.format === 'csv' || !running.total}
        valueLabel={
          running.total ? `${formatCount(running.rows)} of ${formatCount(running.total)} leads` : 'Preparing…'
        }
      >
        {({ percentage, valueText, isIndeterminate }) => (
          <>
            <Label>Exporting leads as {running.format.toUpperCase()}</Label>
            <span data-value-label="">{valueText}</span>
            <div className={st.track}>
              <div
                className={st.fill}
                style={{ width: `${isIndeterminate ? 100 : (percentage ?? 0)}%`, opacity: isIndeterminate ? 0.4 : 1 }}
              />
            </div>
          </>
        )}
      </ProgressBar>
      <Button onPress={cancelExport}>Cancel</Button>
    </>
  );
}

/** The result of the last export, in a polite live region ('The XLSX file is ready. Downloaded …'). */
export function ExportAnnouncement() {
  const { announcement } = useSnapshot(leadExport);
  return (
    <span className={s.visuallyHidden} role="status">
      {announcement}
    </span>
  );
}

/**
 * Download CSV / Download XLSX, and while a file is being made, its progress bar and Cancel.
 * The result is said in a polite live region ('The XLSX file is ready.').
 */
export function LeadExport({ ids, sheetName, label = 'Export leads', isDisabled, range }: LeadExportProps) {
  const { running } = useSnapshot(leadExport);
  const start = (format: ExportFormat) => void exportLeads(ids, format, sheetName, range);
  return (
    <div className={st.exportBar} role="group" aria-label={label}>
      {running ? (
        <ExportProgress />
      ) : (
        <>
          {range ? <span className={st.exportRange}>{rangeLabel(range)}</span> : null}
          <Button onPress={() => start('csv')} isDisabled={isDisabled || !ids.length}>
            Download CSV
          </Button>
          <Button onPress={() => start('xlsx')} isDisabled={isDisabled || !ids.length}>
            Download XLSX
          </Button>
        </>
      )}
      <ExportAnnouncement />
    </div>
  );
}
