import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'
import prettier from 'eslint-config-prettier/flat'

/**
 * Lint rules, including the layering of the source tree:
 * - src/lib is pure: it imports neither services (src/server) nor UI (src/components);
 * - UI (src/components, and the cart's feature folder src/cart) never imports services, and the
 *   cart never imports the landing page;
 * - services are reached only from route handlers and pages (src/app, src/pages), collections,
 *   globals, their hooks and scripts;
 * - services know nothing of HTTP answers: only route handlers and pages use src/server/http, which
 *   turns the errors services throw (src/server/errors.ts, which imports no service) into answers;
 * - the landing page (src/landing) is imported only by src/pages and the build of its script, and
 *   nothing it imports imports it back; its islands and components (bundled for the browser)
 *   import no services: only src/landing/server reads data;
 * - no import cycles.
 */
const everythingButTheLandingPage = [
  './src/app',
  './src/access',
  './src/collections',
  './src/components',
  './src/globals',
  './src/hooks',
  './src/lib',
  './src/server',
  './src/cart',
  './src/styles',
  './src/*.ts',
  './scripts/!(build-islands).ts',
  './scripts/lib',
  './tests',
]

const layers = [
  {
    target: './src/lib',
    from: [
      './src/server',
      './src/components',
      './src/cart',
      './src/app',
      './src/pages',
      './src/landing',
      './src/collections',
      './src/globals',
    ],
    message: 'src/lib holds pure helpers: it must not depend on services, UI or the data model.',
  },
  {
    target: ['./src/components', './src/cart', './src/landing/islands', './src/landing/components'],
    from: ['./src/server', './src/landing/server'],
    message: 'UI code never imports services: a page or route handler reads the data and passes it down.',
  },
  {
    target: './src/server',
    from: [
      './src/components',
      './src/cart',
      './src/app',
      './src/pages',
      './src/landing',
      './src/collections',
      './src/globals',
    ],
    message: 'Services depend on the data model through Payload, never on collection files, UI or routes.',
  },
  {
    // Every service but the HTTP adapter itself: the files of src/server and its folders but http.
    target: ['./src/server/*', './src/server/!(http)/**/*'],
    from: './src/server/http',
    message:
      'Services never build or read HTTP answers: throw HttpError from src/server/errors.ts and let the route handler answer.',
  },
  {
    target: './src/server/errors.ts',
    from: './src/server',
    message: 'The errors services throw depend on no service, so every layer can import them.',
  },
  {
    target: './src/access',
    from: ['./src/server', './src/components', './src/app'],
    message: 'Access rules depend only on roles and Payload types.',
  },
  {
    target: './src/till',
    from: [
      './src/server',
      './src/components',
      './src/cart',
      './src/app',
      './src/pages',
      './src/landing',
      './src/collections',
      './src/globals',
    ],
    message: "The till's script runs on a phone with no network: it depends only on src/lib and browser libraries.",
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
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: layers }],
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
