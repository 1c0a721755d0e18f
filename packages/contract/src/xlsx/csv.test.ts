import { describe, expect, it } from 'vitest';
import { csvFile, csvLine, neutralise, unneutralise } from './csv.js';

describe('the CSV writer', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and ends lines in CRLF', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', ''])).toBe('plain,"a,b","say ""hi""","two\nlines",\r\n');
  });

  it('neutralises what a spreadsheet would run as a formula, and takes it off again', () => {
    for (const cell of ['=1+1', '+84 912', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralise(cell)).toBe(`'${cell}`);
      expect(unneutralise(neutralise(cell))).toBe(cell);
    }
    expect(neutralise('Nguyễn = An')).toBe('Nguyễn = An');
    expect(csvLine(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
  });

  it('writes a whole file with a BOM and a header', () => {
    expect(csvFile(['Name', 'Email'], [['An', 'an@x.test']])).toBe('\uFEFFName,Email\r\nAn,an@x.test\r\n');
  });
});
