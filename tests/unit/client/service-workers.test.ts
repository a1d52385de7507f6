import { describe, expect, it, vi } from 'vitest';
import { unregisterServiceWorkers } from '../../../client/src/lib/service-workers.ts';

describe('unregisterServiceWorkers', () => {
  it('removes every registration at start, and copes with none or a failure', async () => {
    const unregister = vi.fn(() => Promise.resolve(true));
    const failing = vi.fn(() => Promise.reject(new Error('gone')));
    const container = {
      getRegistrations: () => Promise.resolve([{ unregister }, { unregister }, { unregister: failing }] as unknown as ServiceWorkerRegistration[]),
    };
    expect(await unregisterServiceWorkers(container)).toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(await unregisterServiceWorkers(undefined)).toBe(0);
  });
});
