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

/** The zone's offset from UTC in ms at `ms`, cached per quarter hour (zones change offset on the hour or half hour). */
const offsets = new Map<string, Map<number, number>>();
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(ms / 900_000);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const at = quarter * 900_000;
    const p = Object.fromEntries(
      formatter(timeZone)
        .formatToParts(new Date(at))
        .map((x) => [x.type, Number(x.value)]),
    );
    offset = Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - at;
    if (zone.size > 10_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function toWire(date: Date | string | null | undefined, timeZone: string): string | null {
  if (date == null) return null;
  const ms = (typeof date === 'string' ? new Date(date) : date).getTime();
  if (Number.isNaN(ms)) return null;
  // Intl's formatToParts for every date of a list page cost about 0.4 ms a request; the offset is looked up once per quarter hour.
  const d = new Date(ms + offsetAt(ms, timeZone));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
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
