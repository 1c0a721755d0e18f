import type { ReactNode, Ref } from 'react';
import {
  Button,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Text,
  type ButtonProps,
  type Selection,
} from 'react-aria-components';
import { keepDefaultClass, useControlled } from '../internal/compose.js';

export interface CheckboxOption<K extends string | number> {
  id: K;
  label: string;
  /** A line under the label, read as the item's description (`aria-describedby`). */
  description?: string;
  /** Shown before the label (a flag, an icon); hide it from screen readers (`aria-hidden`) when the label says it all. */
  icon?: ReactNode;
  /** Shown instead of the label (a status badge that says the same words); the label stays the item's name. */
  content?: ReactNode;
}

export interface CheckboxMenuProps<K extends string | number> extends Omit<ButtonProps, 'children' | 'value'> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The choices, in order. */
  options: CheckboxOption<K>[];
  /** The checked options' ids, controlled. */
  value?: K[];
  /** The first checked options' ids, uncontrolled; every option (select-all) when left out. */
  defaultValue?: K[];
  /** Called with the checked options' ids. */
  onChange?: (value: K[]) => void;
  /** The first item, which checks or unchecks all ("All"). */
  allLabel?: string;
  /** The menu's `<button>` (the root): DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLButtonElement>;
}

const ALL = '__all__';

/**
 * A menu button opening a menu of checkbox items (`menuitemcheckbox`), the first of which,
 * All, checks or unchecks every option. The menu stays open while choosing. The button says how
 * many are chosen ("Status: All", "Status: 2").
 */
export function CheckboxMenu<K extends string | number>({
  label,
  options,
  value: controlled,
  defaultValue,
  /** Called with the checked options' ids. */
  onChange: report,
  allLabel = 'All',
  className,
  ...props
}: CheckboxMenuProps<K>) {
  // Uncontrolled and left out, everything is checked, options that come later included.
  const [chosen, onChange] = useControlled<K[] | null>(controlled, defaultValue ?? null, (v) => v && report?.(v));
  const value = chosen ?? options.map((o) => o.id);
  const all = options.length > 0 && options.every((o) => value.includes(o.id));
  // All first: the menu opens on the first checked item in this set's order, which must be All.
  const selected = new Set<string | number>(all ? [ALL, ...value] : value);
  const onSelectionChange = (keys: Selection) => {
    const next = keys === 'all' ? new Set<string | number>([ALL, ...options.map((o) => o.id)]) : new Set(keys);
    const toggledAll = next.has(ALL) !== all;
    if (toggledAll) onChange(next.has(ALL) ? options.map((o) => o.id) : []);
    else onChange(options.filter((o) => next.has(o.id)).map((o) => o.id));
  };
  // No options yet (still loading) filter nothing: All, which is also what they will most likely say.
  const summary = all || options.length === 0 ? allLabel : String(value.length);
  return (
    <MenuTrigger>
      <Button
        {...props}
        className={keepDefaultClass(className)}
        data-lead=""
        data-checkbox-menu-button=""
        data-all={all || undefined}
      >
        {label}: {summary}
      </Button>
      <Popover data-lead="" data-checkbox-menu-popover="">
        <Menu
          aria-label={label}
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={onSelectionChange}
          shouldCloseOnSelect={false}
        >
          <MenuItem id={ALL} textValue={allLabel}>
            {allLabel}
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.id} id={o.id} textValue={o.label}>
              {o.icon}
              {o.description ? (
                <>
                  <Text slot="label">{o.label}</Text>
                  <Text slot="description">{o.description}</Text>
                </>
              ) : (
                (o.content ?? o.label)
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
