import { Button } from '@lead/headless/Button';
import { Label, ProgressBar } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { formatCount } from '../lib/format.js';
import * as s from '../shell/shell.css.js';
import { cancelExport, exportLeads, leadExport, type ExportFormat } from './lead-export.store.js';
import * as st from './reports.css.js';

export interface LeadExportProps {
  /** The campaigns whose leads go into the file (one campaign, or a selection). */
  ids: number[];
  /** The workbook's sheet name (the campaign's name). */
  sheetName?: string;
  /** Names the buttons' group, e.g. 'Export leads' or 'Export the selected campaigns' leads'. */
  label?: string;
  isDisabled?: boolean;
}

/**
 * Download CSV / Download XLSX, and while a file is being made, its progress bar and Cancel.
 * The result is said in a polite live region ('The XLSX file is ready.').
 */
export function LeadExport({ ids, sheetName, label = 'Export leads', isDisabled }: LeadExportProps) {
  const { running, announcement } = useSnapshot(leadExport);
  const start = (format: ExportFormat) => void exportLeads(ids, format, sheetName);
  return (
    <div className={st.exportBar} role="group" aria-label={label}>
      {running ? (
        <>
          <ProgressBar
            className={st.progress}
            value={running.rows}
            maxValue={running.total || 1}
            isIndeterminate={running.format === 'csv' || !running.total}
            valueLabel={running.total ? `${formatCount(running.rows)} of ${formatCount(running.total)} leads` : 'Preparing…'}
          >
            {({ percentage, valueText, isIndeterminate }) => (
              <>
                <Label>Exporting leads as {running.format.toUpperCase()}</Label>
                <span data-value-label="">{valueText}</span>
                <div className={st.track}>
                  <div className={st.fill} style={{ width: `${isIndeterminate ? 100 : (percentage ?? 0)}%`, opacity: isIndeterminate ? 0.4 : 1 }} />
                </div>
              </>
            )}
          </ProgressBar>
          <Button onPress={cancelExport}>Cancel</Button>
        </>
      ) : (
        <>
          <Button onPress={() => start('csv')} isDisabled={isDisabled || !ids.length}>
            Download CSV
          </Button>
          <Button onPress={() => start('xlsx')} isDisabled={isDisabled || !ids.length}>
            Download XLSX
          </Button>
        </>
      )}
      <span className={s.visuallyHidden} role="status">
        {announcement}
      </span>
    </div>
  );
}
