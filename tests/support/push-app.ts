import { beforeAll } from 'vitest';
import type { Config } from '../../server/config.ts';
import { deliverBatch } from '../../worker/push/push-delivery.ts';
import { useApp, type AppHarness } from './app-harness.ts';
import { usePushServiceStandIn } from './push-service-stand-in.ts';
import { testConfig } from './test-app.ts';

/**
 * The app of this test file with the push stand-in as its push service; `config` answers the app's
 * settings, and `deliver` runs one batch of a notification's delivery with them, as the worker's task does.
 */
export function usePushApp(): {
  push: ReturnType<typeof usePushServiceStandIn>;
  harness: AppHarness;
  config: () => Config;
  deliver: (job: Parameters<typeof deliverBatch>[1], options?: Parameters<typeof deliverBatch>[2]) => ReturnType<typeof deliverBatch>;
} {
  const push = usePushServiceStandIn();
  const harness = useApp({ env: () => push.env });
  let config: Config | undefined;
  beforeAll(() => {
    config = testConfig(push.env);
  });
  const current = () => {
    if (!config) throw new Error('the push settings are read in beforeAll: use them inside hooks and tests');
    return config;
  };
  const deliver = (job: Parameters<typeof deliverBatch>[1], options?: Parameters<typeof deliverBatch>[2]) =>
    deliverBatch({ db: harness.db, config: current() }, job, options);
  return { push, harness, config: current, deliver };
}
