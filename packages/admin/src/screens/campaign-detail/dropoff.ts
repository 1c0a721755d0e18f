/**
 * Where visitors give up (issue #46, docs/decisions/0009): the form's fields in their order, each
 * with how many of the visitors who started the form left it unsent there.
 */
import { INPUT_BLOCKS, type FormBlock } from '@lead/contract';
import type { FormFields } from '@lead/contract/api';

export interface DropoffRow {
  /** The block's index in the form (what the pop-up reports). */
  field: number;
  label: string;
  dropped: number;
  /** dropped / started, 0–1 (0 before anyone started). */
  share: number;
}

/** '25%', '2.5%', '0%': one decimal under 10%. */
export const formatShare = (share: number): string => {
  const percent = share * 100;
  return `${percent > 0 && percent < 10 ? percent.toFixed(1).replace(/\.0$/, '') : Math.round(percent)}%`;
};

/** The form's fields a visitor can reach (a hidden Tel field cannot), with their figures; 0 where none. */
export function dropoffRows(forms: readonly FormBlock[], figures: FormFields): DropoffRow[] {
  const byField = new Map(figures.fields.map((f) => [f.field, f]));
  return forms.flatMap((b, field) => {
    if (!INPUT_BLOCKS.has(b.name) || b.name === 'Tel') return [];
    const dropped = byField.get(field)?.dropped ?? 0;
    const share = figures.started ? Math.min(1, dropped / figures.started) : 0;
    return [{ field, label: b.data.placeholder || b.data.value || b.name, dropped, share }];
  });
}

/** A field's figures in words: what a screen reader reads and the bar shows. */
export const dropoffText = (row: DropoffRow, started: number): string =>
  `${row.dropped.toLocaleString('en-US')} left here, ${formatShare(row.share)} of ${started.toLocaleString('en-US')} who started`;
