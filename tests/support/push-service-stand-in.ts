import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { closedAfterFile } from './file-hooks.ts';

/**
 * A push service for tests on 127.0.0.1, speaking RFC 8030: each subscription it hands out has its
 * own key pair and auth secret, so it decrypts every payload (RFC 8291, aes128gcm) and checks the
 * VAPID JWT (RFC 8292) before it answers. A subscription answers as it was told: 201, 404, 410,
 * 429 with Retry-After (once, or always), 500, or never.
 */
export type PushBehaviour = 'ok' | 'gone-404' | 'gone-410' | 'busy-once' | 'busy' | 'error-500' | 'error-500-once' | 'hang';

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscription: string;
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface PushServiceStandIn {
  url: string;
  /** "127.0.0.1:<port>": give it to the product as PUSH_ENDPOINT_HOSTS. */
  host: string;
  /** The stand-in's own certificate (PEM): give it to the product as PUSH_CA_FILE. */
  caFile: string;
  subscribe(behaviour?: PushBehaviour, retryAfterSeconds?: number): StandInSubscription;
  /** Payloads decrypted, in the order they came. */
  received: ReceivedPush[];
  /** Requests refused for a bad VAPID header or a payload that would not decrypt. */
  refused: string[];
  /** Every request, by endpoint id. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

interface Subscriber {
  behaviour: PushBehaviour;
  retryAfter: number;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  answered429: boolean;
  answered500: boolean;
}

function decrypt(subscriber: Subscriber, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (recordSize < 18 || record.length > recordSize) throw new Error('bad record size');
  const shared = subscriber.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2 and zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no padding delimiter');
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 JWT by that key, for this origin, not expired, with a subject. */
function vapidIsValid(header: string | undefined, origin: string): boolean {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return false;
  const [headerPart, claimsPart, signature] = match[1]!.split('.');
  const point = Buffer.from(match[2]!, 'base64url');
  if (!headerPart || !claimsPart || !signature || point.length !== 65) return false;
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  return (
    signed && claims.aud === origin && typeof claims.exp === 'number' && claims.exp > now && claims.exp <= now + 24 * 3600 && typeof claims.sub === 'string'
  );
}

/** A self-signed certificate for 127.0.0.1 (push services speak HTTPS only). */
function certificate(): { key: string; cert: string; dir: string; certFile: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'push-stand-in-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), dir, certFile };
}

export interface StandInOptions {
  /** Decrypt and check VAPID on every push (the default); a load test may skip it to measure the sender alone. */
  verify?: boolean;
  /** One key pair for every subscription (fast to make by the thousand; each is still its own endpoint). */
  sharedKeys?: boolean;
  /** Every answer comes this much later (a busy push service): a fan-out then takes long enough to be interrupted. */
  answerDelayMs?: number;
}

export async function startPushServiceStandIn(options: StandInOptions = {}): Promise<PushServiceStandIn> {
  const verifyPushes = options.verify ?? true;
  const tls = certificate();
  let shared: { ecdh: ReturnType<typeof createECDH>; auth: Buffer } | undefined;
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const requests = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  let origin = '';

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // For end-to-end tests in other processes: subscribe, and read what arrived, through HTTP.
      if (request.url?.startsWith('/__standin/')) return control(request, response);
      const id = /^\/push\/([^/]+)$/.exec(request.url ?? '')?.[1];
      const subscriber = id ? subscribers.get(id) : undefined;
      const answer = (status: number, headers: Record<string, string> = {}) => {
        const send = () => {
          if (response.destroyed) return;
          response.writeHead(status, headers);
          response.end();
        };
        if (options.answerDelayMs) setTimeout(send, options.answerDelayMs);
        else send();
      };
      if (!id || !subscriber || request.method !== 'POST') return answer(404);
      requests.set(id, (requests.get(id) ?? 0) + 1);
      if (verifyPushes && !vapidIsValid(request.headers.authorization, origin)) {
        refused.push(`${id}: VAPID`);
        return answer(403);
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        refused.push(`${id}: encoding`);
        return answer(400);
      }
      switch (subscriber.behaviour) {
        case 'gone-404':
          return answer(404);
        case 'gone-410':
          return answer(410);
        case 'error-500':
          return answer(500);
        case 'hang':
          hanging.add(response);
          return;
        case 'busy':
          return answer(429, { 'retry-after': String(subscriber.retryAfter) });
        case 'busy-once':
          if (!subscriber.answered429) {
            subscriber.answered429 = true;
            return answer(429, { 'retry-after': String(subscriber.retryAfter) });
          }
          break;
        case 'error-500-once':
          if (!subscriber.answered500) {
            subscriber.answered500 = true;
            return answer(500);
          }
          break;
        default:
          break;
      }
      try {
        const payload = verifyPushes ? decrypt(subscriber, Buffer.concat(chunks)) : null;
        received.push({ subscription: id, payload, ttl: request.headers.ttl as string | undefined, urgency: request.headers.urgency as string | undefined });
      } catch (error) {
        refused.push(`${id}: ${(error as Error).message}`);
        return answer(400);
      }
      return answer(201, { location: `${origin}/message/${randomUUID()}` });
    });
  });
  function subscribe(behaviour: PushBehaviour = 'ok', retryAfterSeconds = 1): StandInSubscription {
    if (options.sharedKeys && !shared) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      shared = { ecdh, auth: randomBytes(16) };
    }
    const ecdh = shared?.ecdh ?? createECDH('prime256v1');
    if (!shared) ecdh.generateKeys();
    const auth = shared?.auth ?? randomBytes(16);
    const id = randomUUID();
    subscribers.set(id, { behaviour, retryAfter: retryAfterSeconds, ecdh, auth, answered429: false, answered500: false });
    return { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  function control(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/__standin/subscribe') return json(subscribe((url.searchParams.get('behaviour') as PushBehaviour | null) ?? 'ok'));
    if (url.pathname === '/__standin/received') return json(received);
    response.writeHead(404);
    response.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    host: new URL(origin).host,
    caFile: tls.certFile,
    received,
    refused,
    requests,
    subscribe,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => {
          rmSync(tls.dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

/**
 * The stand-in of this test file, started before its app (give the app `env: () => push.env`) and
 * closed after it. Its fields are there once the hooks ran.
 */
export function usePushServiceStandIn(options: StandInOptions = {}): { readonly service: PushServiceStandIn; readonly env: Record<string, string> } {
  const started = closedAfterFile(() => startPushServiceStandIn(options), 'the push service starts');
  return {
    get service() {
      return started();
    },
    get env() {
      return { PUSH_ENDPOINT_HOSTS: started().host, PUSH_CA_FILE: started().caFile };
    },
  };
}
