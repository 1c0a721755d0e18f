import { useEffect, useRef, useState, type Ref } from 'react';
import { Button, Input, Label, SearchField, type SearchFieldProps } from 'react-aria-components';
import { keepDefaultClass, useControlled } from '../internal/compose.js';

export interface DebouncedSearchFieldProps extends Omit<
  SearchFieldProps,
  'children' | 'value' | 'defaultValue' | 'onChange' | 'onSubmit' | 'onClear'
> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The applied search, controlled; typing calls `onSearch` once typing pauses. */
  value?: string;
  /** The first applied search, uncontrolled (empty by default). */
  defaultValue?: string;
  /** Called with the text once typing pauses, at once on Enter, and with "" on Escape. */
  onSearch?: (value: string) => void;
  /** The pause, in milliseconds (300 by default). */
  delay?: number;
  /** Shown while empty; never a substitute for the label. */
  placeholder?: string;
  /** The clear button's accessible name ("Clear search"). */
  clearLabel?: string;
  /** The field's root `<div>`: DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLDivElement>;
}

/** A search field (Escape clears it) that reports its text after `delay` ms without typing, or at once on Enter. */
export function DebouncedSearchField({
  label,
  value: controlled,
  defaultValue = '',
  /** Called with the text once typing pauses, at once on Enter, and with "" on Escape. */
  onSearch: reportSearch,
  delay = 300,
  placeholder,
  clearLabel = 'Clear search',
  className,
  ...props
}: DebouncedSearchFieldProps) {
  const [value, onSearch] = useControlled(controlled, defaultValue, reportSearch);
  const [text, setText] = useState(value);
  // What this field reported that has not come back as the value yet: when the value comes back as
  // one of them (however late, after the URL and a request), it is our own echo and the text typed
  // since stays; any other new value (a reset, the URL) replaces the text.
  const [pending, setPending] = useState<string[]>([]);
  const [previous, setPrevious] = useState(value);
  if (value !== previous) {
    setPrevious(value);
    const echo = pending.indexOf(value);
    if (echo >= 0) {
      setPending(pending.slice(echo + 1));
    } else {
      setText(value);
      setPending([]);
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reported = useRef(value);
  useEffect(() => () => clearTimeout(timer.current), []);
  const report = (v: string) => {
    clearTimeout(timer.current);
    if (v !== reported.current) {
      reported.current = v;
      setPending((p) => [...p, v]);
      onSearch(v);
    }
  };
  const onChange = (v: string) => {
    setText(v);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => report(v), delay);
  };
  return (
    <SearchField
      {...props}
      value={text}
      onChange={onChange}
      onSubmit={report}
      onClear={() => report('')}
      className={keepDefaultClass(className)}
      data-lead=""
      data-search-field=""
    >
      <Label>{label}</Label>
      <Input placeholder={placeholder} />
      <Button aria-label={clearLabel}>×</Button>
    </SearchField>
  );
}
