import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'
import prettier from 'eslint-config-prettier/flat'

import boundaries from './scripts/lint/boundaries.mjs'

/**
 * Lint rules, including the shape of the source tree:
 * - the boundaries between modules, the platform, the kit and UI (scripts/lint/boundaries.mjs);
 * - the landing page (src/landing) is imported only by src/pages and the build of its script, and
 *   nothing it imports imports it back;
 * - the till's script (src/modules/merchTable/till) runs on a phone with no network: it depends
 *   only on contracts, src/lib and browser libraries;
 * - no file over 300 lines and no function over 80.
 * Import cycles are found by madge (`npm run lint` runs it after ESLint; its settings are under "madge" in package.json): it reads
 * the whole graph once, where the import plugin's cycle rule walked it again for every file.
 */
const everythingButTheLandingPage = [
  './src/app',
  './src/modules',
  './src/platform',
  './src/ui',
  './src/lib',
  './src/styles',
  './src/*.ts',
  './scripts/!(build-islands).ts',
  './scripts/lib',
  './tests',
]

const layers = [
  {
    target: './src/modules/merchTable/till',
    from: [
      './src/modules/*/server/**',
      './src/modules/*/model/**',
      './src/modules/*/ui/**',
      './src/platform/**',
      './src/ui/**',
      './src/app/**',
      './src/pages/**',
      './src/landing/**',
    ],
    message:
      "The till's script runs on a phone with no network: it depends only on contracts, src/lib and browser libraries.",
  },
  {
    target: everythingButTheLandingPage,
    from: './src/landing',
    message:
      'The landing page (src/landing) is reached only through src/pages and the build of its script: nothing it uses may depend on it.',
  },
]

const config = [
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'src/payload-types.ts',
      'src/migrations/**',
      'src/app/(payload)/**',
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // The same files Next's configuration lints with the import plugin.
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    plugins: { bandsite: boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: layers }],
      'bandsite/boundaries': 'error',
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Playwright's fixtures call `use`, and vitest helpers may be named use*: neither is a React hook.
    files: ['tests/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // CommonJS modules (preloaded with `node --require`) load their dependencies with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
]

export default config
