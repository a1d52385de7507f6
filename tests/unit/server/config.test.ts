import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseEnv } from '../../../server/config.ts';
import { configErrorLines } from '../../support/config-errors.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.ADMIN_EMAIL).toBe('admin@example.com');
    expect(env.RUN_WORKER).toBe(true);
    expect(env.LISTEN_BACKLOG).toBe(4096);
  });

  it('takes a listen backlog from 1 to 65535', () => {
    expect(parseEnv({ LISTEN_BACKLOG: '16384' }).LISTEN_BACKLOG).toBe(16384);
    for (const bad of ['0', '65536', '1.5', 'lots']) {
      expect(configErrorLines(() => parseEnv({ LISTEN_BACKLOG: bad }))).toEqual([`LISTEN_BACKLOG: must be a whole number from 1 to 65535 (got "${bad}")`]);
    }
  });

  it('prints one line per bad value, naming the variable', () => {
    const lines = configErrorLines(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope', RUN_WORKER: 'maybe' }));
    expect(lines).toHaveLength(4);
    expect(lines).toContain('PORT: must be a whole number between 1 and 65535 (got "abc")');
    expect(lines.find((l) => l.startsWith('DATABASE_URL:'))).toContain('postgres://');
    expect(lines.find((l) => l.startsWith('SMTP_URL:'))).toContain('smtp://');
    expect(lines.find((l) => l.startsWith('RUN_WORKER:'))).toContain('true or false');
  });

  it('requires a session secret in production', () => {
    expect(configErrorLines(() => parseEnv({ NODE_ENV: 'production' }))).toEqual([
      'SESSION_SECRET: is required when NODE_ENV is production (at least 32 characters)',
    ]);
    expect(configErrorLines(() => parseEnv({ SESSION_SECRET: 'short' }))[0]).toMatch(/^SESSION_SECRET: must be at least 32/);
  });

  it('generates a session secret once and keeps it under DATA_DIR outside production', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'psc-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.SESSION_SECRET).toHaveLength(43);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.SESSION_SECRET);
  });

  it('marks cookies Secure when the public address is https', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'psc-config-'));
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://console.example.in/' }).secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://10.0.0.5:3000' }).secureCookies).toBe(false);
  });
});
