import os from 'node:os';

const MB = 1024 * 1024;

/**
 * The embedded server's memory and WAL settings, sized to the machine instead of PostgreSQL's
 * 128 MB defaults: a quarter of the memory for shared buffers (at most 4 GB), room for a
 * million-row regrade's WAL between checkpoints, and compressed full-page images.
 * Explicit settings passed to the server override these.
 */
export function embeddedServerSettings(totalMemory = os.totalmem()): Record<string, string> {
  const sharedBuffersMb = Math.max(128, Math.min(4096, Math.floor(totalMemory / MB / 4)));
  const cacheMb = Math.max(256, Math.floor(totalMemory / MB / 2));
  return {
    shared_buffers: `${sharedBuffersMb}MB`,
    effective_cache_size: `${cacheMb}MB`,
    max_wal_size: '4GB',
    checkpoint_timeout: '15min',
    wal_compression: 'on',
  };
}
