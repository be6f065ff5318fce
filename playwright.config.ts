import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests: Debian's Chromium against the production build (`next build` first), each
 * spec starting its own server on a fresh database of one throwaway PostgreSQL cluster.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
