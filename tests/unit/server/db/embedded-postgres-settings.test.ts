import { describe, expect, it } from 'vitest';
import { embeddedServerSettings } from '../../../../server/db/embedded-postgres-settings.ts';

const GB = 1024 ** 3;

describe('the embedded server settings', () => {
  it('give a quarter of the memory to shared buffers and half to the cache estimate', () => {
    expect(embeddedServerSettings(8 * GB)).toMatchObject({ shared_buffers: '2048MB', effective_cache_size: '4096MB' });
  });

  it('hold shared buffers between 128 MB and 4 GB', () => {
    expect(embeddedServerSettings(256 * 1024 ** 2).shared_buffers).toBe('128MB');
    expect(embeddedServerSettings(24 * GB).shared_buffers).toBe('4096MB');
    expect(embeddedServerSettings(24 * GB).effective_cache_size).toBe('12288MB');
  });

  it('leave room for a million-row rewrite between checkpoints, with compressed page images', () => {
    expect(embeddedServerSettings(8 * GB)).toMatchObject({ max_wal_size: '4GB', checkpoint_timeout: '15min', wal_compression: 'on' });
  });
});
