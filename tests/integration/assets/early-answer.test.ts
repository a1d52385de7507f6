import http from 'node:http';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
let origin: string;

beforeAll(async () => {
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(harness.app.server.address() as { port: number }).port}`;
});

const MiB = 1024 * 1024;
const BOUNDARY = '----psc-early-answer';

interface Outcome {
  status: number;
  connection: string | undefined;
  body: unknown;
  /** Bytes of the body the client had produced when the connection closed. */
  produced: number;
  total: number;
}

/**
 * Sends a 40 MB upload over real HTTP the way a browser does: the body is produced only as fast
 * as the connection takes it. Resolves once the answer has arrived and the connection has closed.
 */
function upload(path: string, options: { cookie?: string; fileName: string; head: Buffer; method?: string }): Promise<Outcome> {
  const opening = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file_0"; filename="${options.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    options.head,
  ]);
  const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const fileBytes = 40 * MiB;
  const total = opening.length + fileBytes + closing.length;
  let produced = 0;
  let filled = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x2a);
  const body = new Readable({
    read() {
      if (produced === 0) {
        produced += opening.length;
        this.push(opening);
        return;
      }
      if (filled < fileBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - filled));
        filled += piece.length;
        produced += piece.length;
        this.push(piece);
        return;
      }
      produced += closing.length;
      this.push(closing);
      this.push(null);
    },
  });

  return new Promise((resolve, reject) => {
    let answer: Omit<Outcome, 'produced' | 'total'> | undefined;
    let closed = false;
    const finish = () => {
      if (answer && closed) resolve({ ...answer, produced, total });
    };
    const request = http.request(`${origin}${path}`, {
      method: options.method ?? 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(total),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (data: Buffer) => chunks.push(data));
      response.on('end', () => {
        answer = { status: response.statusCode ?? 0, connection: response.headers.connection, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
        finish();
      });
      response.on('error', () => {});
    });
    // The server stops reading: writing the rest of the body then fails, as it should.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!['ECONNRESET', 'EPIPE'].includes(error.code ?? '')) reject(error);
    });
    request.on('close', () => {
      closed = true;
      if (!answer) reject(new Error('the connection closed without an answer'));
      finish();
    });
    body.pipe(request);
  });
}

describe('an upload refused after its first bytes', () => {
  it('is answered at once and its connection closed, without reading the other 40 MB', async () => {
    const outcome = await upload('/api/assets/private?kind=video', {
      cookie: harness.cookie('admin'),
      fileName: 'notes.bin',
      head: Buffer.from('not a video at all'),
    });
    expect(outcome.status).toBe(415);
    expect(outcome.body).toEqual({ message: expect.stringMatching(/^The file notes.bin is not a video/), type: 'validation' });
    expect(outcome.connection).toBe('close');
    // The client could not push the whole body through: the server stopped reading and closed.
    expect(outcome.produced).toBeLessThan(outcome.total);
  });

  it('is answered at once when the session is missing, before any of the body is read', async () => {
    const outcome = await upload('/api/assets/private', { fileName: 'clip.mp4', head: Buffer.alloc(16) });
    expect(outcome.status).toBe(401);
    expect(outcome.connection).toBe('close');
    expect(outcome.produced).toBeLessThan(outcome.total);
  });

  it('closes the connection of a refused replace too', async () => {
    const outcome = await upload('/api/assets/replace/00000000-0000-4000-8000-000000000000', {
      cookie: harness.cookie('admin'),
      method: 'PUT',
      fileName: 'clip.mp4',
      head: Buffer.alloc(16),
    });
    expect(outcome.status).toBe(404);
    expect(outcome.connection).toBe('close');
    expect(outcome.produced).toBeLessThan(outcome.total);
  });
});
