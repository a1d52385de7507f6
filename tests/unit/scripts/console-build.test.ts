import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleIsStale } from '../../../scripts/console-build.ts';

describe('consoleIsStale', () => {
  it('is stale without a build, and fresh when the build is newer than client/ and shared/', () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'psc-build-'));
    expect(consoleIsStale(outDir)).toBe(true);
    const index = path.join(outDir, 'index.html');
    writeFileSync(index, '<!doctype html>');
    const future = new Date(Date.now() + 60_000);
    utimesSync(index, future, future);
    expect(consoleIsStale(outDir)).toBe(false);
    const past = new Date(Date.now() - 10 * 365 * 86_400_000);
    utimesSync(index, past, past);
    expect(consoleIsStale(outDir)).toBe(true);
  });
});
