import type { ReactNode, Ref } from 'react';
import { rootStyling, type RootProps } from '../internal/compose.js';

export interface TimelineProps<T> extends RootProps<HTMLElement, { isEmpty: boolean }> {
  /** The list's accessible name, e.g. "System history". */
  'aria-label': string;
  /** The events, newest first as given. */
  items: readonly T[];
  /** A stable key for each item. */
  getKey: (item: T) => string | number;
  /** When the item happened, as an ISO date-time for `<time dateTime>`, and as shown. */
  getTime: (item: T) => { dateTime: string; label: ReactNode };
  /** The item's content. */
  children: (item: T, index: number) => ReactNode;
  /** Shown instead of the list when there are no items (for example the server's message). */
  empty?: ReactNode;
}

/**
 * Events in order, newest first as given: an ordered list whose items each carry a `<time>`.
 * Static content, so no keyboard interaction of its own; screen readers announce it as a list
 * with its item count. Parts: `data-timeline`, `data-timeline-item`, `data-timeline-time`,
 * `data-timeline-body`, `data-timeline-empty`; items carry `data-first` and `data-last`.
 * DOM props, `ref`, `className` and `style` (or functions of `{ isEmpty }`) are the root's: the
 * `<ol>`, or with no items the `<p>` that says `empty`.
 */
export function Timeline<T>({
  items,
  getKey,
  getTime,
  children,
  empty,
  className,
  style,
  ref,
  ...props
}: TimelineProps<T>) {
  const styling = rootStyling({ isEmpty: items.length === 0 }, className, style);
  if (items.length === 0) {
    const { 'aria-label': _label, ...rest } = props;
    return (
      <p
        {...rest}
        {...styling}
        ref={ref as Ref<HTMLParagraphElement>}
        data-lead=""
        data-timeline-empty=""
        role="status"
      >
        {empty}
      </p>
    );
  }
  return (
    <ol {...props} {...styling} ref={ref as Ref<HTMLOListElement>} data-lead="" data-timeline="">
      {items.map((item, index) => {
        const time = getTime(item);
        return (
          <li
            key={getKey(item)}
            data-timeline-item=""
            data-first={index === 0 || undefined}
            data-last={index === items.length - 1 || undefined}
          >
            <time dateTime={time.dateTime} data-timeline-time="">
              {time.label}
            </time>
            <div data-timeline-body="">{children(item, index)}</div>
          </li>
        );
      })}
    </ol>
  );
}
