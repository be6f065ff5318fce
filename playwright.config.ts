import { defineConfig } from '@playwright/test'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium'

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the production
 * server: tests/e2e/globalSetup.ts starts PostgreSQL and the server (after `next build`) on a
 * fresh, seeded database and stops both afterwards.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
})
