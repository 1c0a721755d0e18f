import type { Ref } from 'react';
import { ToggleButton, ToggleButtonGroup, type ToggleButtonGroupProps } from 'react-aria-components';
import { keepDefaultClass, useControlled } from '../internal/compose.js';

export interface ColumnSetSwitchProps extends Omit<
  ToggleButtonGroupProps,
  'children' | 'selectionMode' | 'selectedKeys' | 'defaultSelectedKeys' | 'onSelectionChange' | 'onChange'
> {
  /** The names of the sets, in order (e.g. Information, Report). */
  sets: readonly string[];
  /** The shown set, controlled. */
  value?: string;
  /** The first shown set, uncontrolled (the first set). */
  defaultValue?: string;
  /** Called with the set the user chose. */
  onChange?: (set: string) => void;
  'aria-label': string;
  /** The group's root `<div>`: DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Switches a DataTable between column sets: a group of toggle buttons of which exactly one is
 * pressed (`aria-pressed`); arrow keys move between them.
 */
export function ColumnSetSwitch({
  sets,
  value: valueProp,
  defaultValue,
  onChange: report,
  className,
  ...props
}: ColumnSetSwitchProps) {
  const [value, onChange] = useControlled(valueProp, defaultValue ?? sets[0] ?? '', report);
  return (
    <ToggleButtonGroup
      {...props}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [first] = keys;
        if (first !== undefined) onChange(String(first));
      }}
      className={keepDefaultClass(className)}
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
