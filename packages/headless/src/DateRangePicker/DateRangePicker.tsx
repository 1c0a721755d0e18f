import { useState, type ReactNode, type Ref } from 'react';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
  type DateRangePickerProps as AriaDateRangePickerProps,
  type DateValue,
  type RangeValue,
} from 'react-aria-components';
import { Temporal } from 'temporal-polyfill';
import { keepDefaultClass, useControlled } from '../internal/compose.js';
import { fromAriaRange, toAriaRange, toCalendarDate } from './interop.js';
import { PRESETS, matchPreset, type DayRange, type Preset } from './presets.js';

type Replaced =
  | 'children'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'isInvalid'
  | 'validationBehavior'
  | 'minValue'
  | 'maxValue'
  | 'placeholderValue'
  | 'isDateUnavailable';

export interface DateRangePickerProps extends Omit<AriaDateRangePickerProps<DateValue>, Replaced> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The chosen range, controlled; null when none. */
  value?: DayRange | null;
  /** The first range, uncontrolled (none by default). */
  defaultValue?: DayRange | null;
  /** Called with each complete range in order (start not after end), or null when cleared. */
  onChange?: (range: DayRange | null) => void;
  /** "Today" for the presets and the calendar; inject it (and its time zone) with `todayIn`. */
  today: Temporal.PlainDate;
  /** The preset ranges offered in the calendar (Today, Yesterday, Last 7 days...). */
  presets?: readonly Preset[];
  /** The locale of the typed segments: en-GB gives DD/MM/YYYY. */
  locale?: string;
  /** The calendar button's accessible name ("Open calendar"). */
  openLabel?: string;
  /** The presets list's accessible name ("Presets"). */
  presetsLabel?: string;
  /** The field's root `<div>`: DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLDivElement>;
  /** Shown under the field when set (for example a server message). */
  errorMessage?: ReactNode;
  /** Shown while a typed end is before its start. */
  endBeforeStart?: string;
  /**
   * Also report a complete range whose end is before its start (off by default), for a consumer
   * that keeps what is typed and says itself why it cannot be used (its `errorMessage`), rather
   * than keeping the last ordered range while the field shows another.
   */
  reportBackwards?: boolean;
}

/**
 * A date range field: start and end typed as DD/MM/YYYY segments, a button that opens a
 * dialog with two month columns (react-aria's RangeCalendar) and the presets. The end is
 * never before the start. Dates in and out are `Temporal.PlainDate`. Controlled (`value`,
 * `onChange`) or not (`defaultValue`).
 */
export function DateRangePicker({
  label,
  value: valueProp,
  defaultValue = null,
  /** Called with each complete range in order (start not after end), or null when cleared. */
  onChange: report,
  today,
  presets = PRESETS,
  locale = 'en-GB',
  openLabel = 'Open calendar',
  presetsLabel = 'Presets',
  className,
  errorMessage,
  endBeforeStart = 'The end date must not be before the start date.',
  reportBackwards = false,
  ...props
}: DateRangePickerProps) {
  const [value, onChange] = useControlled(valueProp, defaultValue, report);
  const selected = matchPreset(value, today);
  // What the segments hold while typing; the consumer hears only complete, ordered ranges.
  const [draft, setDraft] = useState<RangeValue<DateValue> | null>(() => toAriaRange(value));
  const [previous, setPrevious] = useState(value);
  if (value !== previous) {
    setPrevious(value);
    setDraft(toAriaRange(value));
  }
  const backwards = draft !== null && draft.end.compare(draft.start) < 0;
  const typed = (r: RangeValue<DateValue> | null) => {
    setDraft(r);
    const range = fromAriaRange(r);
    // A year still being typed (0002, 0020...) is not a date anyone means yet.
    if (range === null) onChange(null);
    else if (
      range.start.year >= 1000 &&
      range.end.year >= 1000 &&
      (reportBackwards || Temporal.PlainDate.compare(range.start, range.end) <= 0)
    )
      onChange(range);
  };
  return (
    <I18nProvider locale={locale}>
      <AriaDateRangePicker
        {...props}
        className={keepDefaultClass(className)}
        value={draft}
        onChange={typed}
        isInvalid={errorMessage || backwards ? true : undefined}
        // Validity follows the value as it is now: with the default (native) behaviour, segments
        // stayed aria-invalid after a preset replaced a backwards range, with no message.
        validationBehavior="aria"
        data-lead=""
        data-date-range-picker=""
        shouldForceLeadingZeros
      >
        <Label>{label}</Label>
        <Group data-date-range-field="">
          <DateInput slot="start">{(segment) => <DateSegment segment={segment} />}</DateInput>
          <span aria-hidden="true" data-date-range-dash="">
            –
          </span>
          <DateInput slot="end">{(segment) => <DateSegment segment={segment} />}</DateInput>
          <Button aria-label={openLabel} data-date-range-open="">
            ▾
          </Button>
        </Group>
        {errorMessage || backwards ? (
          <FieldError data-date-range-error="">{errorMessage ?? endBeforeStart}</FieldError>
        ) : null}
        <Popover data-lead="" data-date-range-popover="">
          <Dialog aria-label={label} data-date-range-dialog="">
            {({ close }) => (
              <div data-date-range-panel="">
                <ul aria-label={presetsLabel} data-date-range-presets="">
                  {presets.map((p) => (
                    <li key={p.key}>
                      <Button
                        data-preset={p.key}
                        data-selected={selected === p.key || undefined}
                        aria-pressed={selected === p.key}
                        onPress={() => {
                          onChange(p.range(today));
                          close();
                        }}
                      >
                        {p.label}
                      </Button>
                    </li>
                  ))}
                </ul>
                <RangeCalendar
                  visibleDuration={{ months: 2 }}
                  defaultFocusedValue={toCalendarDate(value?.start ?? today)}
                  data-date-range-calendar=""
                >
                  <header data-date-range-header="">
                    <Button slot="previous">‹</Button>
                    <Heading />
                    <Button slot="next">›</Button>
                  </header>
                  <div data-date-range-months="">
                    <CalendarGrid>{(date) => <CalendarCell date={date} />}</CalendarGrid>
                    <CalendarGrid offset={{ months: 1 }}>{(date) => <CalendarCell date={date} />}</CalendarGrid>
                  </div>
                </RangeCalendar>
              </div>
            )}
          </Dialog>
        </Popover>
      </AriaDateRangePicker>
    </I18nProvider>
  );
}
