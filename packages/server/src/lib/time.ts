import { Temporal } from 'temporal-polyfill';

/** Dates on the wire are 'YYYY-MM-DD HH:mm:ss' in the server's configured time zone (api.md). */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function toWire(date: Date | string | null | undefined, timeZone: string): string | null {
  if (date == null) return null;
  const d = typeof date === 'string' ? new Date(date) : date;
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const WIRE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD') in `timeZone`; null when it is not such a date. */
export function fromWire(value: string, timeZone: string): Date | null {
  const m = WIRE.exec(value.trim());
  if (!m) return null;
  try {
    const local = Temporal.PlainDateTime.from(
      {
        year: Number(m[1]),
        month: Number(m[2]),
        day: Number(m[3]),
        hour: Number(m[4] ?? 0),
        minute: Number(m[5] ?? 0),
        second: Number(m[6] ?? 0),
      },
      { overflow: 'reject' },
    );
    return new Date(local.toZonedDateTime(timeZone).epochMilliseconds);
  } catch {
    return null;
  }
}
