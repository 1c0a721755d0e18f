import type { SheetColumn } from '@lead/contract/xlsx';

/** The export's row stream: a header line, then one JSON array of strings per lead. */
export interface RowStreamHeader {
  columns: SheetColumn[];
  total: number;
}

/**
 * Splits NDJSON text arriving in pieces into the header and row batches: a line cut between two
 * pieces waits for the rest. `end()` reads what is left.
 */
export class RowStreamReader {
  private rest = '';
  header: RowStreamHeader | null = null;

  push(text: string): string[][] {
    const lines = (this.rest + text).split('\n');
    this.rest = lines.pop()!;
    return this.parse(lines);
  }

  end(): string[][] {
    const last = this.rest;
    this.rest = '';
    return this.parse([last]);
  }

  private parse(lines: string[]): string[][] {
    const rows: string[][] = [];
    for (const line of lines) {
      if (!line) continue;
      if (!this.header) this.header = JSON.parse(line) as RowStreamHeader;
      else rows.push(JSON.parse(line) as string[]);
    }
    return rows;
  }
}
