import path from 'node:path'

import { configDefaults, defineConfig } from 'vitest/config'

const src = path.resolve(import.meta.dirname, 'src')

const unitAndInt = ['tests/unit/**/*.test.ts', 'tests/int/**/*.test.ts']
const http = ['tests/http/**/*.test.ts']
/**
 * HTTP test files that open Payload's Local API on a database of their own: Payload keeps one
 * configuration per process, so they run each in a process of its own, with the unit and integration tests.
 */
const ownLocalApi = [
  'tests/http/music/instantTracks.test.ts',
  'tests/http/music/musicPages.test.ts',
  'tests/http/platform/adminLists.test.ts',
  'tests/http/platform/adminPermissions.test.ts',
  'tests/http/platform/fuzz.test.ts',
  'tests/http/platform/fuzzOtherHalf.test.ts',
  'tests/http/site/uploads.s3.test.ts',
  'tests/http/site/uploads.test.ts',
  'tests/http/team/auth.test.ts',
  'tests/http/content/content.test.ts',
]
/**
 * `TEST_GROUP=http` runs the HTTP tests in workers that each run several files one after another
 * (not isolated), so that the files of a worker share one started site (tests/helpers/sharedSite.ts);
 * `TEST_GROUP=isolated` runs the unit and integration tests, each file in a process of its own.
 * Without it every test runs, each file in a process of its own (the shared site then lives for one file).
 */
const group = process.env.TEST_GROUP

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@payload-config$/, replacement: path.join(src, 'payload.config.ts') },
      { find: /^@\//, replacement: `${src}/` },
      // Server modules mark themselves server-only; tests run them in Node like the server does.
      { find: /^server-only$/, replacement: path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js') },
    ],
  },
  test: {
    include:
      group === 'http' ? http : group === 'isolated' ? [...unitAndInt, ...ownLocalApi] : [...unitAndInt, ...http],
    exclude: [...configDefaults.exclude, ...(group === 'http' ? ownLocalApi : [])],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: group !== 'http' } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
})
