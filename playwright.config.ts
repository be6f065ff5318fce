import fs from 'node:fs'
import path from 'node:path'

import { defineConfig } from '@playwright/test'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium'

const testDir = path.resolve(import.meta.dirname, 'tests/e2e')
const specs = fs
  .readdirSync(testDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.spec.ts'))
  .sort()
/** Specs that start a site of their own (`startSite`) share nothing with the others. */
const startsOwnSite = (file: string) => fs.readFileSync(path.join(testDir, file), 'utf8').includes('startSite(')
const matching = (files: string[]) => files.map((file) => `**/tests/e2e/${file}`)

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the production
 * server: tests/e2e/globalSetup.ts starts PostgreSQL and the server (after `next build`) on a
 * fresh, seeded database and stops both afterwards.
 *
 * Two workers: one runs, file after file, the specs on that shared seeded site; the other runs
 * the specs that start a site of their own. Within each, files run one at a time and a file's
 * tests in order, so no two specs ever change the same site at once.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  workers: 2,
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
  projects: [
    { name: 'shared site', testMatch: matching(specs.filter((file) => !startsOwnSite(file))), workers: 1 },
    { name: 'own sites', testMatch: matching(specs.filter(startsOwnSite)), workers: 1 },
  ],
})
