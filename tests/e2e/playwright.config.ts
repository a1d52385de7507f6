import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * End-to-end tests of the built console against a real server with an embedded
 * PostgreSQL (see support/global-setup.ts). Debian's Chromium stands in for
 * Playwright's own download, which needs the internet.
 */
export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  globalSetup: path.join(here, 'support', 'global-setup.ts'),
  outputDir: path.join(here, '..', '..', 'test-results'),
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  // Ceilings, not expectations: every test waits for states and ends as soon as they show, but on a
  // machine busy with other work a long flow or one render can take many times its usual time.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    // Set by the global setup once the server listens; workers start after it.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
