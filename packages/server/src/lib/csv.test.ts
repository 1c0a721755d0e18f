import { describe, expect, it } from 'vitest';
import { CsvParser, NotUtf8Error, csvLine, csvRecords, unneutralise } from './csv.js';

const parseAll = (chunks: string[]) => {
  const p = new CsvParser();
  const out = chunks.flatMap((c) => p.push(c));
  return [...out, ...p.end()];
};

describe('CsvParser', () => {
  it('reads LF and CRLF lines, skipping blank ones, with line numbers', () => {
    expect(parseAll(['a,b\r\n\r\nc,d\ne,f'])).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['c', 'd'] },
      { line: 4, fields: ['e', 'f'] },
    ]);
  });

  it('drops a UTF-8 BOM', () => {
    expect(parseAll(['\uFEFFtype,option'])[0]!.fields).toEqual(['type', 'option']);
  });

  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseAll(['"a, b","say ""hi""","two\nlines",x\n'])).toEqual([
      { line: 1, fields: ['a, b', 'say "hi"', 'two\nlines', 'x'] },
    ]);
  });

  it('gives the same records whatever the chunk boundaries', () => {
    const text =
      '\uFEFFtype,option,target\r\nlinks,start_with,"https://a.vn/x,y"\r\n"tags","exact_match","he said ""ok"""\r\n';
    const whole = parseAll([text]);
    for (let size = 1; size < 12; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(parseAll(chunks), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('writes what it reads', () => {
    const fields = ['plain', 'with, comma', 'with "quote"', 'two\r\nlines'];
    expect(parseAll([csvLine(fields)])[0]!.fields).toEqual(fields);
  });

  it('neutralises cells a spreadsheet would run as formulas, and takes that back on the way in', () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tx', 'plain', "'quoted"];
    const line = csvLine(cells);
    const read = parseAll([line])[0]!.fields;
    expect(read).toEqual(['\'=HYPERLINK("http://x","y")', "'+1", "'-2", "'@SUM(A1)", "'\tx", 'plain', "'quoted"]);
    expect(read.map(unneutralise)).toEqual(cells);
  });

  it('streams records from chunks and refuses bytes that are not UTF-8', async () => {
    async function* chunks(...parts: Uint8Array[]) {
      yield* parts;
    }
    const text = new TextEncoder().encode('a,b\r\nĐà Nẵng,"x\ny"\r\n');
    const records: string[][] = [];
    // Split inside the two-byte 'Đ' to check a character cut between chunks.
    for await (const r of csvRecords(chunks(text.subarray(0, 5), text.subarray(5)))) records.push(r.fields);
    expect(records).toEqual([
      ['a', 'b'],
      ['Đà Nẵng', 'x\ny'],
    ]);
    await expect(async () => {
      for await (const r of csvRecords(chunks(new Uint8Array([0x61, 0xff, 0x0a])))) void r;
    }).rejects.toBeInstanceOf(NotUtf8Error);
  });
});
