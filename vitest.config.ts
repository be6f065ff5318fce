import path from 'node:path'

import { defineConfig } from 'vitest/config'

const src = path.resolve(import.meta.dirname, 'src')

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@payload-config$/, replacement: path.join(src, 'payload.config.ts') },
      { find: /^@\//, replacement: `${src}/` },
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
