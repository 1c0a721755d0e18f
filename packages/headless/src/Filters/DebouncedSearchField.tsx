import { useEffect, useRef, useState } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';

export interface DebouncedSearchFieldProps {
  label: string;
  /** The applied search, controlled; typing calls `onSearch` once typing pauses. */
  value: string;
  onSearch: (value: string) => void;
  /** The pause, in milliseconds (300 by default). */
  delay?: number;
  placeholder?: string;
  clearLabel?: string;
  className?: string;
}

/** A search field (Escape clears it) that reports its text after `delay` ms without typing, or at once on Enter. */
export function DebouncedSearchField({ label, value, onSearch, delay = 300, placeholder, clearLabel = 'Clear search', className }: DebouncedSearchFieldProps) {
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
    <SearchField value={text} onChange={onChange} onSubmit={report} onClear={() => report('')} className={className} data-lead="" data-search-field="">
      <Label>{label}</Label>
      <Input placeholder={placeholder} />
      <Button aria-label={clearLabel}>×</Button>
    </SearchField>
  );
}
