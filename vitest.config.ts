import path from 'node:path'

import { defineConfig } from 'vitest/config'

const src = path.resolve(import.meta.dirname, 'src')

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
    include: ['tests/unit/**/*.test.ts', 'tests/int/**/*.test.ts', 'tests/http/**/*.test.ts'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
})
