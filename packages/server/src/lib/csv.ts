/**
 * An incremental CSV parser (RFC 4180): feed it chunks as they arrive and it
 * returns the records completed so far, so a file is never held whole as text.
 * Handles a UTF-8 BOM, CRLF or LF line ends, and quoted fields with commas,
 * line breaks and doubled quotes, across chunk boundaries.
 */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  private quoteSeen = false;
  private started = false;
  private lastWasCR = false;
  /** The line number (1-based) on which the record being read started. */
  private line = 1;
  private recordLine = 1;

  push(chunk: string): Array<{ line: number; fields: string[] }> {
    const out: Array<{ line: number; fields: string[] }> = [];
    let text = chunk;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (this.quoted) {
        if (ch === '"') {
          if (this.quoteSeen) {
            this.field += '"';
            this.quoteSeen = false;
          } else this.quoteSeen = true;
          continue;
        }
        if (this.quoteSeen) {
          // The quote closed the field.
          this.quoted = false;
          this.quoteSeen = false;
        } else {
          if (ch === '\n') this.line++;
          this.field += ch;
          continue;
        }
      }
      if (ch === '"' && this.field === '') {
        this.quoted = true;
        continue;
      }
      if (ch === ',') {
        this.record.push(this.field);
        this.field = '';
      } else if (ch === '\r') {
        this.endRecord(out);
        this.lastWasCR = true;
        this.line++;
        continue;
      } else if (ch === '\n') {
        if (!this.lastWasCR) {
          this.endRecord(out);
          this.line++;
        }
      } else {
        this.field += ch;
      }
      this.lastWasCR = false;
    }
    return out;
  }

  end(): Array<{ line: number; fields: string[] }> {
    const out: Array<{ line: number; fields: string[] }> = [];
    if (this.quoteSeen) {
      this.quoted = false;
      this.quoteSeen = false;
    }
    if (this.field !== '' || this.record.length) this.endRecord(out);
    return out;
  }

  private endRecord(out: Array<{ line: number; fields: string[] }>) {
    this.record.push(this.field);
    const fields = this.record;
    this.record = [];
    this.field = '';
    // Blank lines are not records.
    if (!(fields.length === 1 && fields[0] === '')) out.push({ line: this.recordLine, fields });
    this.recordLine = this.line + 1;
  }
}

export { csvLine, neutralise, unneutralise } from '@lead/contract/xlsx';

/** A CSV record and the line it started on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * The records of UTF-8 CSV text arriving in chunks, one at a time: memory stays
 * that of one chunk and one record, whatever the file's size. Throws
 * `NotUtf8Error` on bytes that are not UTF-8.
 */
export async function* csvRecords(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<CsvRecord> {
  const parser = new CsvParser();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new NotUtf8Error();
    }
  };
  for await (const chunk of chunks) yield* parser.push(decode(chunk));
  yield* parser.push(decode());
  yield* parser.end();
}

export class NotUtf8Error extends Error {
  constructor() {
    super('The file is not UTF-8 text.');
  }
}
