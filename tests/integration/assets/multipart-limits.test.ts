import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDataDir } from '../../support/test-app.ts';
import { TINY_PNG } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';
import { countRows } from '../../support/row-count.ts';

const harness = useApp({ env: { ASSET_MAX_UPLOAD_MB: '1' } });
const asAdmin = harness.injectAs('admin');
/** ASSET_MAX_UPLOAD_MB=1: the multipart file size limit itself is reached with a small file. */

type Part = { name: string; value: string | Buffer; fileName?: string };

const BOUNDARY = '----psc-limits-boundary';

/** A multipart body with files and plain fields, in order. */
function body(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName === undefined ? `form-data; name="${part.name}"` : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const png = (index: number): Part => ({ name: `file_${index}`, fileName: `page-${index}.png`, value: TINY_PNG });
const field = (index: number, value = 'x'): Part => ({ name: `note_${index}`, value });

async function send(payload: Buffer, options: { contentType?: string; method?: 'POST' | 'PUT'; url?: string } = {}) {
  return asAdmin(options.method ?? 'POST', options.url ?? '/api/assets/private', payload, {
    'content-type': options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`,
  });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(testDataDir(), 'storage', 'assets');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Refused with our own message and shape, nothing recorded and nothing left in storage. */
async function expectRefused(response: Awaited<ReturnType<typeof send>>, status: number, message: string, before: { assets: number; files: string[] }) {
  expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { message, type: 'validation' } });
  expect(await countRows(harness.db, 'assets')).toBe(before.assets);
  expect(await storedFiles()).toEqual(before.files);
}

const snapshot = async () => ({ assets: await countRows(harness.db, 'assets'), files: await storedFiles() });

describe('multipart limits on POST /api/assets/{accessMode}', () => {
  it('accepts 20 files at once', async () => {
    const response = await send(body(Array.from({ length: 20 }, (_, index) => png(index))));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(20);
  });

  it('refuses a 21st file: "At most 20 files can be sent at once" (413)', async () => {
    const before = await snapshot();
    const response = await send(body(Array.from({ length: 21 }, (_, index) => png(index))));
    await expectRefused(response, 413, 'At most 20 files can be sent at once', before);
  });

  it('refuses a 21st form field (413)', async () => {
    const before = await snapshot();
    const response = await send(body([png(0), ...Array.from({ length: 21 }, (_, index) => field(index))]));
    await expectRefused(response, 413, 'At most 20 form fields can be sent with the files', before);
  });

  it('refuses a 41st part (413)', async () => {
    const before = await snapshot();
    const parts = [...Array.from({ length: 20 }, (_, index) => png(index)), ...Array.from({ length: 20 }, (_, index) => field(index)), png(20)];
    const response = await send(body(parts));
    await expectRefused(response, 413, 'At most 40 parts (files and form fields together) can be sent at once', before);
  });

  it('refuses a form field over 64 KB (413)', async () => {
    const before = await snapshot();
    const response = await send(body([field(0, 'a'.repeat(64 * 1024 + 1)), png(0)]));
    await expectRefused(response, 413, 'The form field note_0 is longer than the 64 KB allowed', before);
  });

  it('refuses a file over the upload limit with its own message (413)', async () => {
    const before = await snapshot();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]);
    const response = await send(body([png(0), { name: 'file_1', fileName: 'huge.png', value: big }]));
    await expectRefused(response, 413, 'The file huge.png is larger than the 1 MB allowed for images', before);
  });

  it('refuses a field named like a built-in property (400)', async () => {
    const before = await snapshot();
    const response = await send(body([{ name: '__proto__', value: 'x' }, png(0)]));
    await expectRefused(response, 400, 'A form field cannot be named __proto__, constructor or the like', before);
  });
});

describe('malformed multipart bodies', () => {
  it('a Content-Type without a boundary answers 400', async () => {
    const before = await snapshot();
    const response = await send(body([png(0)]), { contentType: 'multipart/form-data' });
    await expectRefused(response, 400, 'The upload is not valid multipart/form-data: its Content-Type names no boundary', before);
  });

  it('a body whose boundary is not the one announced answers 400', async () => {
    const before = await snapshot();
    const response = await send(body([png(0)], '----another-boundary'));
    await expectRefused(response, 400, 'The upload ended before its form data was complete (it was cut off or is not valid multipart/form-data)', before);
  });

  it('a body cut off in the middle of a file answers 400', async () => {
    const before = await snapshot();
    const whole = body([png(0), { name: 'file_1', fileName: 'clip.png', value: Buffer.concat([TINY_PNG, Buffer.alloc(200_000, 7)]) }]);
    const response = await send(whole.subarray(0, whole.length - 100_000));
    await expectRefused(response, 400, 'The upload ended before its form data was complete (it was cut off or is not valid multipart/form-data)', before);
  });
});

describe('multipart limits on PUT /api/assets/replace/{fileId}', () => {
  it('refuses a replacement over the upload limit and keeps the file as it was', async () => {
    const uploaded = await send(body([png(0)]));
    const id = uploaded.json()[0]._id as string;
    const row = await harness.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]);
    const before = await snapshot();
    const response = await send(body([{ name: 'file_0', fileName: 'huge.png', value: big }]), { method: 'PUT', url: `/api/assets/replace/${id}` });
    await expectRefused(response, 413, 'The file huge.png is larger than the 1 MB allowed for images', before);
    expect(await harness.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(row);
  });

  it('refuses a malformed replacement with 400', async () => {
    const uploaded = await send(body([png(0)]));
    const id = uploaded.json()[0]._id as string;
    const before = await snapshot();
    const response = await send(body([png(0)]), { method: 'PUT', url: `/api/assets/replace/${id}`, contentType: 'multipart/form-data; boundary=' });
    await expectRefused(response, 400, 'The upload is not valid multipart/form-data: its Content-Type names no boundary', before);
  });
});
