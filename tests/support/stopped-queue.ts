import { beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../server/db/types.ts';
import type { AppHarness } from './app-harness.ts';

/**
 * The processing queue of this file's app stopped, so that no worker takes an item and the rows stay
 * as each test seeds them; before each test the queue items, then `emptied` in that order, are deleted.
 */
export function useStoppedQueue(harness: AppHarness, emptied: Array<keyof Database & string>): void {
  beforeAll(async () => {
    await harness.db.updateTable('queue_settings').set({ state: 'STOPPED' }).execute();
  });
  beforeEach(async () => {
    await harness.db.deleteFrom('queue_items').execute();
    for (const table of emptied) await harness.db.deleteFrom(table).execute();
  });
}
