import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  CSV_BOM,
  csvField,
  csvHeadingOf,
  csvRecordOf,
  indiaDateTime,
  neutraliseFormula,
  rupeesText,
  type ExportColumn,
} from '../../../shared/exports/spreadsheet-cells.ts';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1:A2)', '+91 98470', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://evil","x")'])('prefixes %j with an apostrophe', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });
  it.each(['Anu', '98470 12345', 'a=b', "it's", '', ' =x', 'മലയാളം'])('leaves %j as it is', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});

describe('CSV fields (RFC 4180)', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('plain')).toBe('plain');
  });
  it('writes nothing for an empty cell and numbers as numbers', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(-12)).toBe('-12');
  });
  it('neutralises a formula before quoting it', () => {
    expect(csvField('=1+2,3')).toBe(`"'=1+2,3"`);
  });
});

describe('money and dates', () => {
  it('writes paise as rupees with two decimals, exactly', () => {
    expect(rupeesText(0)).toBe('0.00');
    expect(rupeesText(5)).toBe('0.05');
    expect(rupeesText(49_950)).toBe('499.50');
    expect(rupeesText(123_456_789_01)).toBe('123456789.01');
    expect(rupeesText(-5)).toBe('-0.05');
    // 0.1 + 0.2 in rupees is 30 paise, not 0.30000000000000004.
    expect(rupeesText(10 + 20)).toBe('0.30');
  });
  it('writes a moment in India time (UTC+5:30)', () => {
    expect(indiaDateTime(new Date('2026-03-31T18:45:07Z'))).toBe('2026-04-01 00:15:07');
    expect(indiaDateTime(null)).toBeNull();
  });
});

interface Row {
  name: string;
  paise: number;
  at: Date;
}
const columns: ExportColumn<Row>[] = [
  { header: 'Name', kind: 'text', value: (row) => row.name },
  { header: 'Amount (₹)', kind: 'money', value: (row) => row.paise },
  { header: 'At', kind: 'date', value: (row) => row.at },
];

describe('a CSV record of a row', () => {
  it('writes money as its exact text, never taken for a formula, and ends with CRLF', () => {
    expect(csvRecordOf(columns, { name: '-1', paise: -250, at: new Date('2026-01-01T00:00:00Z') })).toBe(`'-1,-2.50,2026-01-01 05:30:00\r\n`);
  });
  it('gives an XLSX the money as a number of rupees', () => {
    expect(cellOf(columns[1]!, { name: '', paise: 49_950, at: new Date() })).toBe(499.5);
  });
  it('keeps Malayalam, commas, quotes and line breaks through a UTF-8 file with BOM read back as Excel does', () => {
    const rows: Row[] = [
      { name: 'അനു "മോൾ", തിരുവനന്തപുരം', paise: 123_456, at: new Date('2026-11-27T06:30:00Z') },
      { name: 'രണ്ട്\nവരികൾ', paise: 1, at: new Date('2026-11-27T18:30:00Z') },
    ];
    const bytes = Buffer.from(CSV_BOM + csvHeadingOf(columns) + rows.map((row) => csvRecordOf(columns, row)).join(''), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const read = parse(bytes, { bom: true }) as string[][];
    expect(read).toEqual([
      ['Name', 'Amount (₹)', 'At'],
      ['അനു "മോൾ", തിരുവനന്തപുരം', '1234.56', '2026-11-27 12:00:00'],
      ['രണ്ട്\nവരികൾ', '0.01', '2026-11-28 00:00:00'],
    ]);
  });
});
