import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentName, downloadExport, EXPORT_CUT_SHORT, exportUrl, type ExportProgress } from '../../../client/src/lib/download-export.ts';

afterEach(() => vi.unstubAllGlobals());

/** An answer whose body arrives in these parts, then ends or (with `fail`) breaks. */
function streamed(parts: string[], headers: Record<string, string>, fail = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

describe('exportUrl', () => {
  it('adds the format and only the filters that have a value', () => {
    expect(exportUrl('/api/admin/orders/export', 'csv', { search: 'anu menon', mode: '', resourceType: undefined })).toBe(
      '/api/admin/orders/export.csv?search=anu+menon',
    );
    expect(exportUrl('/api/admin/users/export', 'xlsx', {})).toBe('/api/admin/users/export.xlsx');
  });
});

describe('attachmentName', () => {
  it("reads the server's file name, and keeps the fallback for a missing or strange one", () => {
    expect(attachmentName('attachment; filename="orders-2026-11-27.csv"', 'export.csv')).toBe('orders-2026-11-27.csv');
    expect(attachmentName(null, 'export.csv')).toBe('export.csv');
    expect(attachmentName('attachment; filename="../x/evil.csv"', 'export.csv')).toBe('export.csv');
  });
});

describe('downloadExport', () => {
  it('reports the rows and bytes of a CSV as they arrive and answers the whole file with its name', async () => {
    const parts = ['\uFEFFName,Amount\r\n', 'അനു,1.00\r\nBiju,2.00\r\n', 'Asha,3.00\r\n'];
    vi.stubGlobal('fetch', async () => streamed(parts, { 'content-disposition': 'attachment; filename="orders-2026-11-27.csv"' }));
    const progress: ExportProgress[] = [];
    const { name, file } = await downloadExport('/x.csv', 'csv', (step) => progress.push(step));
    expect(name).toBe('orders-2026-11-27.csv');
    expect(progress.map((step) => step.rows)).toEqual([0, 2, 3]);
    expect(progress.at(-1)!.bytes).toBe(file.size);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer())).toBe(parts.join(''));
  });

  it("answers the server's message when it refuses", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'mode is online, manual or free' }, { status: 400 }));
    await expect(downloadExport('/x.csv', 'csv', () => {})).rejects.toThrow('mode is online, manual or free');
  });

  it('says the export stopped before its end when the answer breaks off', async () => {
    vi.stubGlobal('fetch', async () => streamed(['\uFEFFName\r\nAnu\r\n'], {}, true));
    await expect(downloadExport('/x.xlsx', 'xlsx', () => {})).rejects.toThrow(EXPORT_CUT_SHORT);
  });
});
