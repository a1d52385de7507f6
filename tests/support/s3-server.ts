import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * An S3-compatible server for tests: fauxqs (an S3/SQS/SNS emulator on Fastify), run in a child
 * process so that the objects it keeps in memory never count against the test process (the storage
 * tests measure that process's memory while streaming hundreds of megabytes).
 *
 * s3rver was tried first and cannot serve the S3 driver on Node 24: ListObjectsV2 pagination answers
 * 500 (its continuation tokens use DES, which OpenSSL 3 no longer offers) and it has no
 * AbortMultipartUpload, so an aborted upload's parts stay behind.
 *
 * Two things real S3 does that the emulator does not are added here, so tests can fail on them:
 * DeleteObjects refuses more than 1000 keys, and multipart uploads are tracked (S3 would answer
 * ListMultipartUploads, which fauxqs does not implement, so they are answered here from that
 * tracking), so a test can prove none was left open and the cleanup can find the stale ones.
 * ListParts (resumable uploads ask which parts arrived) is answered from the same tracking.
 */

export interface S3ServerStats {
  /** Multipart uploads begun, and how many of them were completed or aborted. */
  multipartUploads: { created: number; completed: number; aborted: number; open: number };
  /** The number of keys in each DeleteObjects request, in the order they came. */
  deleteBatches: number[];
}

export interface S3TestServer {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stats(): Promise<S3ServerStats>;
  stop(): Promise<void>;
}

interface ChildMessage {
  type: 'listening' | 'stats';
  port?: number;
  stats?: S3ServerStats;
}

const DELETE_OBJECTS_LIMIT = 1000;

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'test-bucket';
  const region = 'us-east-1';
  const credentials = { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' };
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the S3 test server did not start within 15 s')), 15_000);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the S3 test server exited with code ${code} before listening`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'listening' && message.port) {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;

  const client = new S3Client({ endpoint, region, credentials, forcePathStyle: true });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    region,
    bucket,
    ...credentials,
    stats: () =>
      new Promise<S3ServerStats>((resolve) => {
        const onMessage = (message: ChildMessage) => {
          if (message.type !== 'stats' || !message.stats) return;
          child.off('message', onMessage);
          resolve(message.stats);
        };
        child.on('message', onMessage);
        child.send({ type: 'stats' });
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The child process: serves until its parent disconnects. */
async function serve() {
  const { buildApp } = await import('fauxqs');
  const app = buildApp({ logger: false });
  /** Open multipart uploads by id: their key (as sent, with the bucket's key prefix) and start. */
  const openUploads = new Map<string, { key: string; initiated: Date }>();
  /** The parts of each open multipart upload, by part number. */
  const uploadParts = new Map<string, Map<number, { etag: string; size: number }>>();
  const stats: S3ServerStats = {
    multipartUploads: { created: 0, completed: 0, aborted: 0, open: 0 },
    deleteBatches: [],
  };
  const queryOf = (request: { query: unknown }) => (request.query ?? {}) as Record<string, string | undefined>;

  const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  app.addHook('onRequest', async (request, reply) => {
    const query = queryOf(request);
    // ListParts: GET /<bucket>/<key>?uploadId=...
    if (request.method === 'GET' && query.uploadId && !query.partNumber) {
      const upload = openUploads.get(query.uploadId);
      if (!upload) {
        return reply
          .status(404)
          .header('content-type', 'application/xml')
          .send('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
      }
      const parts = [...(uploadParts.get(query.uploadId) ?? new Map<number, { etag: string; size: number }>()).entries()]
        .sort(([a], [b]) => a - b)
        .map(([number, part]) => `<Part><PartNumber>${number}</PartNumber><ETag>${escapeXml(part.etag)}</ETag><Size>${part.size}</Size></Part>`)
        .join('');
      return reply
        .status(200)
        .header('content-type', 'application/xml')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Key>${escapeXml(upload.key)}</Key><UploadId>${escapeXml(query.uploadId)}</UploadId>` +
            `<IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
        );
    }
    // ListMultipartUploads: GET /<bucket>?uploads[&prefix=...]
    const bucketOnly = /^\/[^/?]+\/?(\?|$)/.test(request.url);
    if (request.method !== 'GET' || !('uploads' in query) || !bucketOnly) return;
    const prefix = query.prefix ?? '';
    const uploads = [...openUploads.entries()]
      .filter(([, upload]) => upload.key.startsWith(prefix))
      .map(
        ([uploadId, upload]) =>
          `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
      )
      .join('');
    return reply
      .status(200)
      .header('content-type', 'application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${escapeXml(request.url.split(/[/?]/)[1] ?? '')}</Bucket>` +
          `<Prefix>${escapeXml(prefix)}</Prefix><IsTruncated>false</IsTruncated>${uploads}</ListMultipartUploadsResult>`,
      );
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !('delete' in queryOf(request))) return;
    const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : String(request.body);
    const keys = body.match(/<Key>/g)?.length ?? 0;
    stats.deleteBatches.push(keys);
    if (keys > DELETE_OBJECTS_LIMIT) {
      return reply
        .status(400)
        .header('content-type', 'application/xml')
        .send(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>MalformedXML</Code><Message>The XML you provided was not well-formed or did not validate against our published schema</Message></Error>',
        );
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const query = queryOf(request);
    if (request.method === 'POST' && 'uploads' in query && reply.statusCode === 200) {
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(String(payload))?.[1];
      if (uploadId) {
        const key = decodeURIComponent(request.url.split('?')[0]!.split('/').slice(2).join('/'));
        openUploads.set(uploadId, { key, initiated: new Date() });
        stats.multipartUploads.created += 1;
      }
    }
    const uploadId = query.uploadId;
    if (uploadId && query.partNumber && request.method === 'PUT' && reply.statusCode === 200 && openUploads.has(uploadId)) {
      const etag = reply.getHeader('etag');
      const declared = request.headers['x-amz-decoded-content-length'] ?? request.headers['content-length'];
      const size = Buffer.isBuffer(request.body) ? request.body.length : Number(declared ?? 0);
      const parts = uploadParts.get(uploadId) ?? new Map<number, { etag: string; size: number }>();
      parts.set(Number(query.partNumber), { etag: String(etag ?? ''), size });
      uploadParts.set(uploadId, parts);
    }
    // Completed (POST) or aborted (DELETE); a ListParts (GET) leaves the upload open.
    const ends = request.method === 'POST' || request.method === 'DELETE';
    if (uploadId && ends && !query.partNumber && reply.statusCode < 300) uploadParts.delete(uploadId);
    if (uploadId && ends && !query.partNumber && reply.statusCode < 300 && openUploads.delete(uploadId)) {
      if (request.method === 'POST') stats.multipartUploads.completed += 1;
      if (request.method === 'DELETE') stats.multipartUploads.aborted += 1;
    }
    return payload;
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the S3 test server has no TCP address');

  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'stats') return;
    stats.multipartUploads.open = openUploads.size;
    process.send?.({ type: 'stats', stats } satisfies ChildMessage);
  });
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });
  process.send?.({ type: 'listening', port: address.port } satisfies ChildMessage);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--serve')) {
  await serve();
}

/** The settings that point the app (or a worker) at this bucket. */
export function s3Env(server: S3TestServer): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: server.endpoint,
    S3_REGION: server.region,
    S3_BUCKET: server.bucket,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** A client of the bucket itself, to look at the objects as S3 keeps them. */
export function s3ClientFor(server: S3TestServer): S3Client {
  return new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
}
