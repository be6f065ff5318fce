import fs from 'node:fs'
import path from 'node:path'

import { defineConfig } from '@playwright/test'

import { CHROMIUM_PATH, CHROMIUM_TEST_FLAGS } from './scripts/lib/chromium'

const specs = path.join(import.meta.dirname, 'tests', 'e2e')
/** The specs that start a site of their own (`startSite`); the others share the seeded one. */
const ownSiteSpecs = fs
  .readdirSync(specs)
  .filter((name) => name.endsWith('.spec.ts') && fs.readFileSync(path.join(specs, name), 'utf8').includes('startSite('))
  .map((name) => `**/${name}`)

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the production
 * server: tests/e2e/globalSetup.ts starts PostgreSQL and the server (after `next build`) on a
 * fresh, seeded database and stops both afterwards.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  // Two workers, one file at a time in each. The specs on the shared seeded site run one after
  // another in one of them; the specs that each start a site of their own take the other, and
  // both once the shared site's specs are done (they are the larger part). With three, the two
  // cores were so loaded on a slower machine that each test took three to four times as long as
  // alone, and a long one ran past its 30 s.
  // No spec depends on another or on their order: each creates what it needs under names of its
  // own, puts back a site-wide setting it changes, and is a client of its own for the server's
  // per-address limits (tests/e2e/fixtures.ts).
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'shared site', testIgnore: ownSiteSpecs, workers: 1 },
    { name: 'own sites', testMatch: ownSiteSpecs, workers: 2 },
  ],
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
      args: CHROMIUM_TEST_FLAGS,
    },
  },
})
