import diagnostics from 'node:diagnostics_channel';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { sampleHeaders } from '../../../shared/exams/spreadsheet.rules.ts';
import { TOO_MANY_ROWS_MESSAGE } from '../../../server/exams/spreadsheet/row-limit.ts';
import { XLSX_MESSAGES } from '../../../server/exams/spreadsheet/xlsx-rows.ts';
import { multipartBody } from '../../support/multipart.ts';
import { repeatedRowsWorkbook } from './spreadsheet-fixtures.ts';
import { useApp } from '../../support/app-harness.ts';
import { countRows } from '../../support/row-count.ts';

const harness = useApp();
const asNobody = harness.injectAs('nobody');

const HEADER = sampleHeaders('regular').join(',');

/** A CSV of the regular header and `count` short rows ("G,Q,a,b"), small enough to upload. */
function shortRowsCsv(count: number): Buffer {
  return Buffer.from(`${HEADER}\n${'G,Q,a,b\n'.repeat(count)}`);
}

/** Resolves when the next worker thread this process starts is running, or when `instead` settles first. */
function nextWorkerThreadRunning(instead: Promise<unknown>): Promise<void> {
  return new Promise<void>((resolve) => {
    const onWorker = ({ worker }: { worker: Worker }) => {
      diagnostics.unsubscribe('worker_threads', onWorker as (message: unknown) => void);
      worker.once('online', () => resolve());
    };
    diagnostics.subscribe('worker_threads', onWorker as (message: unknown) => void);
    void instead.finally(() => {
      diagnostics.unsubscribe('worker_threads', onWorker as (message: unknown) => void);
      resolve();
    });
  });
}

/**
 * Sends the upload and, once a thread is reading it (or, when none is started, once the import
 * has answered), asks GET /healthz. Answers the import's response and the order the two
 * answered in: a server that reads the file on its main thread answers health last.
 */
async function importWhileAskingHealth(content: Buffer, fileName: string) {
  const body = multipartBody([{ field: 'csv', fileName, content }]);
  const order: string[] = [];
  const importing = harness.app
    .inject({
      method: 'POST',
      url: '/api/exams/upload/spreadsheet?template=regular&answerInIndex=true',
      headers: { ...body.headers, cookie: harness.cookie('admin') },
      payload: body.payload,
    })
    .then((response) => {
      order.push('import');
      return response;
    });
  await nextWorkerThreadRunning(importing);
  const health = await asNobody('GET', '/healthz');
  order.push('health');
  expect(health.statusCode).toBe(200);
  return { response: await importing, order };
}

describe('a CSV with far more rows than an exam holds', () => {
  it('is refused with 400 "too many rows" while the server keeps answering, and nothing is stored', async () => {
    const before = await countRows(harness.db, 'assets');
    const content = shortRowsCsv(1_000_000);
    expect(content.length).toBeLessThan(10 * 1024 * 1024);
    const { response, order } = await importWhileAskingHealth(content, 'questions.csv');
    expect(order).toEqual(['health', 'import']);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: TOO_MANY_ROWS_MESSAGE, type: 'validation' });
    expect(await countRows(harness.db, 'assets')).toBe(before);
  }, 120_000);

  it('answers "too many rows" for 588,657 rows, where reading the header once overflowed the stack', async () => {
    const { response, order } = await importWhileAskingHealth(shortRowsCsv(588_656), 'questions.csv');
    expect(order).toEqual(['health', 'import']);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: TOO_MANY_ROWS_MESSAGE, type: 'validation' });
  }, 120_000);
});

describe('an XLSX whose zip headers understate its unpacked size', () => {
  it('is refused with 413 "too large when unpacked" while the server keeps answering, and nothing is stored', async () => {
    const before = await countRows(harness.db, 'assets');
    // 256 MB of sheet XML that claims to unpack to 64 KB.
    const { content, unpackedSize } = await repeatedRowsWorkbook(256 * 1024 * 1024, { declaredSize: 64 * 1024 });
    expect(unpackedSize).toBeGreaterThan(250 * 1024 * 1024);
    expect(content.length).toBeLessThan(2 * 1024 * 1024);
    const { response, order } = await importWhileAskingHealth(content, 'questions.xlsx');
    expect(order).toEqual(['health', 'import']);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ message: XLSX_MESSAGES.partTooLarge, type: 'validation' });
    expect(await countRows(harness.db, 'assets')).toBe(before);
  }, 120_000);
});
