import fs from 'node:fs'
import path from 'node:path'

/**
 * The source tree's boundaries, checked on every import (static, dynamic and re-export) that
 * names a file of the project (`@/…` or a relative path):
 * - a module (src/modules/<name>) reaches another module only through its contract
 *   (`contract.ts`, or the files of `contract/`) or an `index.ts` (the module's, or a folder's);
 * - src/platform imports no module: modules build on the platform, never the other way;
 * - src/lib holds generic helpers: it imports no module and none of the platform's server code;
 *   src/ui, the component kit, imports modules' contracts at most;
 * - UI (a module's `ui/`, src/ui, the dashboard's shell, the landing page's islands and
 *   components) never imports server code (a module's `server/` or `model/`, or the platform but
 *   its browser-safe files);
 * - a module's operations (`server/`) never build HTTP answers (src/platform/http's adapters) nor
 *   choose a status: they throw domain errors by kind (src/platform/errors.ts), never Payload's
 *   APIError with a status of their own, and never read the map from kind to status.
 */

const root = process.cwd()

/** The repository-relative path an import names, or null for a package. */
function target(file, spec) {
  if (spec.startsWith('@/')) return path.posix.join('src', spec.slice(2))
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
  return null
}

const moduleOf = (p) => /^src\/modules\/([^/]+)/.exec(p)?.[1] ?? null
const within = (p, dir) => p === dir || p.startsWith(dir + '/')
const isUi = (p) =>
  /^src\/modules\/[^/]+\/ui\//.test(p) ||
  within(p, 'src/ui') ||
  within(p, 'src/dashboard') ||
  /^src\/landing\/(islands|components)\//.test(p)
const isServerSide = (p) => /^src\/modules\/[^/]+\/((server|model)(\/|$)|index$)/.test(p)
/** Files of the platform a browser may load: pure rules and messages, no Node or database. */
const BROWSER_SAFE_PLATFORM = [
  'src/platform/access/roles',
  'src/platform/cache/cacheTags',
  'src/platform/db/unavailable',
  'src/platform/http/request',
  'src/platform/http/clientAddressRules',
  'src/platform/time',
]
const isPlatformServer = (p) => within(p, 'src/platform') && !BROWSER_SAFE_PLATFORM.some((d) => within(p, d))
/** The HTTP adapters: only route handlers, pages and the platform's own HTTP code use them. */
const HTTP_ADAPTERS = [
  'src/platform/http/index',
  'src/platform/http/collectionRoutes',
  'src/platform/http/csv',
  'src/platform/http/errorStatus',
  'src/platform/http/objects',
  'src/platform/http/oneClick',
  'src/platform/http/paging',
  'src/platform/http/publicApi',
]

/** Answers the rule an import from `file` to `to` breaks, or null. */
export function violation(file, to) {
  const from = moduleOf(file)
  const into = moduleOf(to)
  if (from && into && from !== into) {
    const rest = to.slice(`src/modules/${into}/`.length)
    const isIndex = rest === 'index' || rest.endsWith('/index') || fs.existsSync(path.join(root, to, 'index.ts'))
    if (!(isIndex || rest === 'contract' || rest.startsWith('contract/'))) {
      return `A module reaches another only through its contract or index.ts: import '@/modules/${into}/contract' (or its index) instead of '${to}'.`
    }
  }
  if (within(file, 'src/platform') && into) {
    return `The platform (src/platform) imports no module: '${to}' belongs to the module '${into}'.`
  }
  if (within(file, 'src/lib') && (into || isPlatformServer(to))) {
    return `src/lib holds generic helpers: it imports neither modules nor the platform's server code ('${to}').`
  }
  if (within(file, 'src/ui') && into && !/^src\/modules\/[^/]+\/contract(\/|$)/.test(to)) {
    return `src/ui is the component kit: it imports a module's contract at most ('${to}').`
  }
  if (isUi(file) && (isServerSide(to) || isPlatformServer(to) || within(to, 'src/landing/server'))) {
    return `UI code never imports server code ('${to}'): a page or route handler reads the data and passes it down.`
  }
  const httpAdapter = to === 'src/platform/http' || HTTP_ADAPTERS.some((a) => within(to, a))
  if (/^src\/modules\/[^/]+\/server\//.test(file) && httpAdapter) {
    return `A module's operations never build HTTP answers: throw a domain error from src/platform/errors.ts and let the route handler answer ('${to}').`
  }
  return null
}

/** Errors that carry an HTTP status of their thrower's choosing, by the package that exports them. */
const STATUS_ERRORS = { payload: ['APIError'] }

/** Answers the rule importing `name` from the package `spec` into `file` breaks, or null. */
export function namedImportViolation(file, spec, name) {
  if (/^src\/modules\/[^/]+\/server\//.test(file) && STATUS_ERRORS[spec]?.includes(name)) {
    return `A module's operations throw domain errors by kind (invalid, notFound, conflict, … from src/platform/errors.ts), not ${name} with a status of their own.`
  }
  return null
}

const rule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/')
    const check = (node) => {
      const spec = node?.value
      if (typeof spec !== 'string') return
      const to = target(file, spec)
      if (!to) return
      const message = violation(file, to.replace(/\.(ts|tsx|mjs|js)$/, ''))
      if (message) context.report({ node, message })
    }
    const checkNames = (node) => {
      for (const specifier of node.specifiers) {
        if (specifier.type !== 'ImportSpecifier') continue
        const name = specifier.imported.name ?? specifier.imported.value
        const message = namedImportViolation(file, node.source.value, name)
        if (message) context.report({ node: specifier, message })
      }
    }
    return {
      ImportDeclaration: (node) => {
        check(node.source)
        checkNames(node)
      },
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

const plugin = { rules: { boundaries: rule } }
export default plugin
