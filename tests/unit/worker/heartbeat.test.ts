import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { sweepIntervalMs } from '../../../worker/heartbeat.ts';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'unit-secret-unit-secret-unit-secret', DATA_DIR: '/tmp', ...env });

describe('taking back the jobs of a dead worker', () => {
  it('looks for silent workers at each heartbeat and at least five times per dead-after period', () => {
    expect(sweepIntervalMs(5, 20)).toBe(4000);
    expect(sweepIntervalMs(10, 100)).toBe(10_000);
    expect(sweepIntervalMs(1, 2)).toBe(1000);
  });

  it('by default frees a killed worker’s job well within 30 s: dead after 20 s, swept every 4 s, taken within the 2 s poll', () => {
    const { WORKER_HEARTBEAT_SECONDS, WORKER_DEAD_AFTER_SECONDS } = config();
    expect([WORKER_HEARTBEAT_SECONDS, WORKER_DEAD_AFTER_SECONDS]).toEqual([5, 20]);
    const worstSeconds = WORKER_DEAD_AFTER_SECONDS + sweepIntervalMs(WORKER_HEARTBEAT_SECONDS, WORKER_DEAD_AFTER_SECONDS) / 1000 + 2;
    expect(worstSeconds).toBeLessThan(30);
    // Four heartbeats may be missed before a live worker is taken for dead.
    expect(WORKER_DEAD_AFTER_SECONDS / WORKER_HEARTBEAT_SECONDS).toBeGreaterThanOrEqual(4);
  });

  it('stops a media job after 2 minutes without progress by default, and bounds the setting', () => {
    expect(config().MEDIA_STALL_SECONDS).toBe(120);
    expect(() => config({ MEDIA_STALL_SECONDS: '0' })).toThrow(/MEDIA_STALL_SECONDS/);
    expect(() => config({ MEDIA_STALL_SECONDS: '3601' })).toThrow(/MEDIA_STALL_SECONDS/);
  });
});
