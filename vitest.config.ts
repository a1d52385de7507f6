import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Integration files each get their own database; two cores run two files at once.
    fileParallelism: true,
    // Ceilings for a machine busy with other work; tests wait for states, not for time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
