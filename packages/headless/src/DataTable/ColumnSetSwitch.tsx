import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

export interface ColumnSetSwitchProps {
  /** The names of the sets, in order (e.g. Information, Report). */
  sets: readonly string[];
  value: string;
  onChange: (set: string) => void;
  'aria-label': string;
  className?: string;
}

/**
 * Switches a DataTable between column sets: a group of toggle buttons of which exactly one is
 * pressed (`aria-pressed`); arrow keys move between them.
 */
export function ColumnSetSwitch({ sets, value, onChange, className, ...rest }: ColumnSetSwitchProps) {
  return (
    <ToggleButtonGroup
      aria-label={rest['aria-label']}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [first] = keys;
        if (first !== undefined) onChange(String(first));
      }}
      className={className}
      data-lead=""
      data-column-set-switch=""
    >
      {sets.map((s) => (
        <ToggleButton key={s} id={s} data-column-set={s}>
          {s}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
