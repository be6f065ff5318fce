import http from 'node:http'

/**
 * What the server process shares across the framework's separately bundled code. Next.js builds
 * the instrumentation hook, each route and the preloaded request hooks (scripts/lib/requestHooks.cjs)
 * as separate module graphs, so a module-level variable is not one value for all of them: these
 * are the only values the project passes through the process itself, and this file is the only one
 * that does.
 */

const STOPPING = Symbol.for('bandsite.stopping')
const RUNNING_WORK = Symbol.for('bandsite.runningWork')
const SOCKET_ADDRESS_HEADER = Symbol.for('bandsite.socketAddressHeader')
const LAST_STEP = Symbol.for('bandsite.lastStep')
const REQUEST_OBSERVER = Symbol.for('bandsite.requestObserver')
const ANSWER_CACHE = Symbol.for('bandsite.answerCache')
const DIRECT_ROUTES = Symbol.for('bandsite.directRoutes')
const shared = globalThis as unknown as Record<symbol, unknown>

/** True once the server received its stop signal: the health check then reports it stopping. */
export const isStopping = () => shared[STOPPING] === true
export const markStopping = () => {
  shared[STOPPING] = true
}

/** The background work the server started, for the stop signal's handler to end. */
export type RunningWork = { pool: { end: () => Promise<void> }; stop: () => Promise<unknown> }
export const runningWork = () => shared[RUNNING_WORK] as RunningWork | undefined
export const setRunningWork = (work: RunningWork) => {
  shared[RUNNING_WORK] = work
}

/**
 * What the graceful stop does last, after the requests and the job have finished and before the
 * process exits: the launcher stops the embedded PostgreSQL it started in this process.
 */
export type LastStep = () => Promise<unknown>
export const lastStep = () => shared[LAST_STEP] as LastStep | undefined
export const setLastStep = (step: LastStep) => {
  shared[LAST_STEP] = step
}

/**
 * Sees every request the request hooks answer from the server's microcache
 * (scripts/lib/answerCache.cjs), as the servers' request listeners see those that reach Next.
 */
export type RequestObserver = (req: http.IncomingMessage, res: http.ServerResponse) => void
export const setRequestObserver = (observe: RequestObserver) => {
  shared[REQUEST_OBSERVER] = observe
}

/** A route's POST handler, as Next calls it. */
type PostHandler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>

/**
 * The pattern of a route's path as Next names its folders (`/api/paypal/order/[id]/capture`):
 * each `[name]` folder is one path segment, the param `name`.
 */
export function routePattern(route: string): RegExp {
  const segments = route.split('/').map((segment) => {
    const param = /^\[(\w+)\]$/.exec(segment)
    return param ? `(?<${param[1]}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  })
  return new RegExp(`^${segments.join('/')}$`)
}

/**
 * Has the request hooks (scripts/lib/requestHooks.cjs) answer the POSTs to `route` (the route's
 * path as its folders name it, e.g. `/api/paypal/order/[id]/capture`) with `handler` themselves,
 * without Next's routing, request wrapping and response streaming (some 40 % of the server's time
 * in a checkout rush). The route's module calls it when Next first loads the route, so each
 * route's first request is Next's, and the same handler answers every later one. The hooks give
 * each answer the headers next.config.ts gives every answer at its path. Only in the production
 * server: in development, Next reloads a route's module when its code changes.
 */
export function answerPostsDirectly<P extends Record<string, string>>(route: string, handler: PostHandler<P>): void {
  const routes = (shared[DIRECT_ROUTES] ??= []) as { route: string; pattern: RegExp; handler: PostHandler<P> }[]
  const entry = { route, pattern: routePattern(route), handler }
  const known = routes.findIndex((r) => r.route === route)
  if (known === -1) routes.push(entry)
  else routes[known] = entry
}

/**
 * Drops every answer of the server's microcache (scripts/lib/answerCache.cjs), when public content
 * changed; nothing to do when the request hooks were not preloaded.
 */
export function clearAnswerCache(): void {
  ;(shared[ANSWER_CACHE] as { clear: () => void } | undefined)?.clear()
}

/** The header the request hooks put each connection's address in, or null when they were not preloaded. */
export function socketAddressHeader(): string | null {
  const name = shared[SOCKET_ADDRESS_HEADER]
  return typeof name === 'string' ? name : null
}

/**
 * The HTTP servers this process listens with. Next.js creates them before any application code
 * runs and hands them to none of it, so they are found among the process's active handles.
 */
export function listeningServers(): http.Server[] {
  const handles = (process as unknown as { _getActiveHandles: () => unknown[] })._getActiveHandles()
  return handles.filter((h): h is http.Server => h instanceof http.Server && h.listening)
}
