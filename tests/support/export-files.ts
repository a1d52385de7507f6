import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/** A table read from an export: its heading, its rows, and a row's cell by its heading. */
export interface ExportTable {
  heading: string[];
  rows: string[][];
  column(row: readonly unknown[], header: string): unknown;
  columnOf(header: string): unknown[];
}

function table(heading: string[], rows: unknown[][]): ExportTable {
  const at = (header: string) => {
    const index = heading.indexOf(header);
    expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  return {
    heading,
    rows: rows as string[][],
    column: (row, header) => row[at(header)],
    columnOf: (header) => rows.map((row) => row[at(header)]),
  };
}

/** A CSV export's answer, checked as a download named `name`, with a byte order mark, read as a table. */
export function csvTable(answer: LightMyRequestResponse, name: string): ExportTable {
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [heading, ...rows] = parse(answer.rawPayload, { bom: true }) as string[][];
  return table(heading!, rows);
}

/** An XLSX export's answer, opened with exceljs, its sheet `sheetName` read as a table (cells as exceljs gives them). */
export async function xlsxTable(answer: LightMyRequestResponse, sheetName: string): Promise<ExportTable> {
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  expect(sheet, `sheet ${sheetName}`).toBeDefined();
  const rows: unknown[][] = [];
  sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const [heading, ...rest] = rows;
  return table(heading as string[], rest);
}
