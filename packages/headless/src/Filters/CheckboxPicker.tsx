import { useEffect, useId, useRef, useState, type Ref } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Input,
  Label,
  Popover,
  SearchField,
  type ButtonProps,
} from 'react-aria-components';
import { Checkbox } from '../Checkbox/Checkbox.js';
import { keepDefaultClass, useControlled } from '../internal/compose.js';
import type { CheckboxOption } from './CheckboxMenu.js';

export interface CheckboxPickerProps<K extends string | number> extends Omit<ButtonProps, 'children' | 'value'> {
  /** The visible label, which is also the accessible name of the button and of its dialog. */
  label: string;
  /** The choices, in order. */
  options: CheckboxOption<K>[];
  /** The checked options' ids, controlled (every option for select-all). */
  value?: K[];
  /** The first checked options' ids, uncontrolled; every option (select-all) when left out. */
  defaultValue?: K[];
  /** Called with the checked options' ids (none when All is unticked). */
  onChange?: (value: K[]) => void;
  /** The box that checks or unchecks all ("All"). */
  allLabel?: string;
  /** The search field's label ("Search {label}"). */
  searchLabel?: string;
  /** The accessible name of an option's "only" button ("Only {option}"). */
  onlyLabel?: (option: string) => string;
  /** The note shown when the search finds nothing ("No match"). */
  noMatch?: string;
  /** The picker's `<button>` (the root): DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLButtonElement>;
}

/** The search field's input, focused when the dialog opens (it mounts then): typing searches at once. */
function FocusedInput() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return <Input ref={input} />;
}

/** Whether an option's label holds the searched text, case and accents aside. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * A long multi-select (sites, clients): a button ("Site: All", "Site: bacsi-online.vn",
 * "Site: 3") opening a dialog with a search field, the All box, and each option's box with its
 * "only" button that chooses that option alone. Plain checkboxes and buttons: Tab moves between
 * them, Space toggles, Escape closes and returns focus to the button.
 */
export function CheckboxPicker<K extends string | number>({
  label,
  options,
  value: controlled,
  defaultValue,
  onChange: report,
  allLabel = 'All',
  searchLabel = `Search ${label}`,
  onlyLabel = (option) => `Only ${option}`,
  noMatch = 'No match',
  className,
  ...props
}: CheckboxPickerProps<K>) {
  // Uncontrolled and left out, everything is checked, options that come later included.
  const [chosenIds, onChange] = useControlled<K[] | null>(controlled, defaultValue ?? null, (v) => v && report?.(v));
  const value = chosenIds ?? options.map((o) => o.id);
  const [search, setSearch] = useState('');
  const id = useId();
  const chosen = new Set(value);
  const all = options.length > 0 && options.every((o) => chosen.has(o.id));
  const some = !all && options.some((o) => chosen.has(o.id));
  const found = search.trim() ? options.filter((o) => fold(o.label).includes(fold(search.trim()))) : options;
  const one = options.find((o) => chosen.has(o.id));
  // No options yet (still loading) filter nothing: All.
  const summary = all || options.length === 0 ? allLabel : value.length === 1 && one ? one.label : String(chosen.size);
  const toggle = (key: K, on: boolean) =>
    onChange(options.filter((o) => (o.id === key ? on : chosen.has(o.id))).map((o) => o.id));
  return (
    <DialogTrigger onOpenChange={(open) => open || setSearch('')}>
      <Button
        {...props}
        className={keepDefaultClass(className)}
        data-lead=""
        data-checkbox-menu-button=""
        data-checkbox-picker-button=""
        data-all={all || undefined}
      >
        {label}: <span data-checkbox-picker-summary="">{summary}</span>
      </Button>
      <Popover data-lead="" data-checkbox-picker-popover="" placement="bottom start">
        <Dialog aria-label={label} data-checkbox-picker="">
          <SearchField value={search} onChange={setSearch} data-lead="" data-search-field="">
            <Label>{searchLabel}</Label>
            <FocusedInput />
          </SearchField>
          {search.trim() ? null : (
            <Checkbox
              isSelected={all}
              isIndeterminate={some}
              onChange={(on) => onChange(on ? options.map((o) => o.id) : [])}
            >
              {allLabel}
            </Checkbox>
          )}
          <ul data-checkbox-picker-options="" aria-label={label}>
            {found.map((o) => (
              <li key={o.id} data-checkbox-picker-option="">
                <Checkbox
                  isSelected={chosen.has(o.id)}
                  onChange={(on) => toggle(o.id, on)}
                  aria-describedby={o.description ? `${id}-${o.id}` : undefined}
                >
                  {o.icon}
                  {o.label}
                </Checkbox>
                {o.description ? (
                  <span id={`${id}-${o.id}`} data-checkbox-picker-description="">
                    {o.description}
                  </span>
                ) : null}
                <Button aria-label={onlyLabel(o.label)} data-checkbox-picker-only="" onPress={() => onChange([o.id])}>
                  only
                </Button>
              </li>
            ))}
          </ul>
          {found.length ? null : (
            <p role="status" data-checkbox-picker-empty="">
              {noMatch}
            </p>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
