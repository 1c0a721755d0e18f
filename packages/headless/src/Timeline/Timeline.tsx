import type { ReactNode } from 'react';

export interface TimelineProps<T> {
  /** The list's accessible name, e.g. "System history". */
  'aria-label': string;
  items: readonly T[];
  /** A stable key for each item. */
  getKey: (item: T) => string | number;
  /** When the item happened, as an ISO date-time for `<time dateTime>`, and as shown. */
  getTime: (item: T) => { dateTime: string; label: ReactNode };
  /** The item's content. */
  children: (item: T, index: number) => ReactNode;
  /** Shown instead of the list when there are no items (for example the server's message). */
  empty?: ReactNode;
  className?: string;
}

/**
 * Events in order, newest first as given: an ordered list whose items each carry a `<time>`.
 * Static content, so no keyboard interaction of its own; screen readers announce it as a list
 * with its item count. Parts: `data-timeline`, `data-timeline-item`, `data-timeline-time`,
 * `data-timeline-body`, `data-timeline-empty`; items carry `data-first` and `data-last`.
 */
export function Timeline<T>({ items, getKey, getTime, children, empty, className, ...rest }: TimelineProps<T>) {
  if (items.length === 0) {
    return (
      <p className={className} data-lead="" data-timeline-empty="" role="status">
        {empty}
      </p>
    );
  }
  return (
    <ol aria-label={rest['aria-label']} className={className} data-lead="" data-timeline="">
      {items.map((item, index) => {
        const time = getTime(item);
        return (
          <li key={getKey(item)} data-timeline-item="" data-first={index === 0 || undefined} data-last={index === items.length - 1 || undefined}>
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
