import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config.ts';
import { chooseLogFormat, createLogger } from '../../../server/logger.ts';

function written(stream: PassThrough): string {
  const chunks: Buffer[] = [];
  let chunk: Buffer | null;
  while ((chunk = stream.read() as Buffer | null) !== null) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('chooseLogFormat', () => {
  it('prints readable lines to a terminal outside production', () => {
    expect(chooseLogFormat({ isTTY: true, nodeEnv: 'development' })).toBe('pretty');
    expect(chooseLogFormat({ isTTY: true, nodeEnv: 'test' })).toBe('pretty');
  });

  it('prints JSON lines when the output is not a terminal, or in production', () => {
    expect(chooseLogFormat({ isTTY: false, nodeEnv: 'development' })).toBe('json');
    expect(chooseLogFormat({ isTTY: undefined, nodeEnv: 'development' })).toBe('json');
    expect(chooseLogFormat({ isTTY: true, nodeEnv: 'production' })).toBe('json');
  });

  it('follows LOG_FORMAT whatever the output is', () => {
    expect(chooseLogFormat({ setting: 'json', isTTY: true, nodeEnv: 'development' })).toBe('json');
    expect(chooseLogFormat({ setting: 'pretty', isTTY: false, nodeEnv: 'production' })).toBe('pretty');
  });
});

describe('LOG_FORMAT', () => {
  it('is json or pretty, and unset by default', () => {
    expect(parseEnv({}).LOG_FORMAT).toBeUndefined();
    expect(parseEnv({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(parseEnv({ LOG_FORMAT: '' }).LOG_FORMAT).toBeUndefined();
    expect(() => parseEnv({ LOG_FORMAT: 'yaml' })).toThrow('LOG_FORMAT: must be json or pretty (got "yaml")');
  });
});

describe('createLogger', () => {
  const config = { LOG_LEVEL: 'info', NODE_ENV: 'development' } as const;

  it('writes one JSON object per line in the json format', () => {
    const out = new PassThrough();
    const log = createLogger({ ...config, LOG_FORMAT: 'json' }, 'server', out);
    log.child({ component: 'worker' }).info('Worker running');
    const lines = written(out).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, name: 'server', component: 'worker', msg: 'Worker running' });
  });

  it('writes one readable line per message in the pretty format, naming the process and the component', () => {
    const out = new PassThrough();
    const log = createLogger({ ...config, LOG_FORMAT: 'pretty' }, 'server', out);
    log.info('Embedded PostgreSQL started');
    log.child({ component: 'worker' }).warn('worker w1 failed');
    const lines = written(out).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO \(server\): Embedded PostgreSQL started$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN \(server\): \[worker\] worker w1 failed$/);
  });

  it('writes an HTTP request and its answer on one line each in the pretty format', () => {
    const out = new PassThrough();
    const log = createLogger({ ...config, LOG_FORMAT: 'pretty' }, 'server', out);
    log.info({ reqId: 'req-1', req: { method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1' } }, 'incoming request');
    log.info({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 48.9 }, 'request completed');
    log.warn({ workers: ['w1'] }, 'released the jobs of workers that stopped sending heartbeats');
    const lines = written(out).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/INFO \(server\): incoming request GET \/healthz \(req-1\)$/);
    expect(lines[1]).toMatch(/INFO \(server\): request completed 200 in 49 ms \(req-1\)$/);
    expect(lines[2]).toMatch(/WARN \(server\): released the jobs of workers that stopped sending heartbeats .*"w1"/);
  });
});
