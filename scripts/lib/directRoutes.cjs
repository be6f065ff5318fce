/**
 * The routes a route's own module asks to be answered without Next (`answerPostsDirectly` in
 * src/platform/runtime/processState.ts): the checkout's steps, which a rush calls a hundred times
 * at once. Loaded with the request hooks (requestHooks.cjs), before Next.
 *
 * A POST whose path matches a registered pattern is read whole (the hooks have already held its
 * size to the limit), handed to the route's handler as a web Request, and its Response written
 * back with its length. Next's per-request work (routing, the request and response wrappers, the
 * streaming of a few hundred bytes of JSON) is skipped; the handler is the same function Next
 * calls, so the answer is the same. Its work starts once the connections waiting to be accepted
 * are in (acceptFirst.cjs), so a rush's requests are answered in the order they came.
 *
 * The headers next.config.ts gives every answer at a path (the security headers) come from the
 * build's own list of them (`.next/routes-manifest.json`), applied in its order, under the route's
 * own headers, as Next does. A rule this file cannot apply as Next would (a condition on anything
 * but a request header, a value naming a path parameter) sends the request to Next instead, as
 * does a missing or unreadable list.
 */
'use strict'

const fs = require('node:fs')
const path = require('node:path')

const { afterAccepting } = require('./acceptFirst.cjs')

const ROUTES = Symbol.for('bandsite.directRoutes')
const MANIFEST = path.join(__dirname, '..', '..', '.next', 'routes-manifest.json')
// The same text as toErrorResponse's answer to an unexpected error (src/platform/http/index.ts).
const SERVER_ERROR = 'Something went wrong on our side. Please try again.'

/** The build's header rules, read once: [{ re, has, missing, headers, exact }], or null when unusable. */
let rules

/** A request header condition ({ key, value? }, value a pattern of the whole value), compiled once. */
const condition = (c) => ({
  key: String(c.key).toLowerCase(),
  value: c.value === undefined ? null : new RegExp(`^(?:${c.value})$`),
})

function readRules() {
  try {
    const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
    return manifest.headers.map((rule) => {
      const params = [...rule.source.matchAll(/:(\w+)/g)].map((m) => m[1])
      const conditions = [...(rule.has || []), ...(rule.missing || [])]
      // Whether the rule reads as Next reads it: header conditions only, and no value naming a parameter.
      const exact =
        conditions.every((c) => c.type === 'header') &&
        rule.headers.every((h) => params.every((name) => !String(h.value).includes(`:${name}`)))
      return {
        re: new RegExp(rule.regex),
        has: exact ? (rule.has || []).map(condition) : [],
        missing: exact ? (rule.missing || []).map(condition) : [],
        headers: rule.headers.map(({ key, value }) => [key.toLowerCase(), String(value)]),
        exact,
      }
    })
  } catch {
    return null
  }
}

/** Whether the compiled request header condition `c` holds. */
function holds(req, c) {
  const value = req.headers[c.key]
  if (value === undefined) return false
  return c.value === null || c.value.test(String(value))
}

/** The headers next.config.ts gives the answer at `pathname`, or null when only Next can tell. */
function configHeaders(req, pathname) {
  if (rules === undefined) rules = readRules()
  if (!rules) return null
  const headers = {}
  for (const rule of rules) {
    if (!rule.re.test(pathname)) continue
    if (!rule.exact) return null
    if (!rule.has.every((c) => holds(req, c)) || rule.missing.some((c) => holds(req, c))) continue
    for (const [key, value] of rule.headers) headers[key] = value
  }
  return headers
}

/** The registered route and its params for this request, or null. */
function match(req, pathname) {
  if (req.method !== 'POST' || process.env.NODE_ENV !== 'production') return null
  const routes = globalThis[ROUTES]
  if (!Array.isArray(routes)) return null
  for (const route of routes) {
    const found = route.pattern.exec(pathname)
    if (!found) continue
    const params = {}
    for (const [name, value] of Object.entries(found.groups || {})) {
      try {
        params[name] = decodeURIComponent(value)
      } catch {
        return null
      }
    }
    return { handler: route.handler, params }
  }
  return null
}

/** The request as the route's handler reads it (Next gives it the same URL, headers and body). */
function webRequest(req, body) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one)
    else if (value !== undefined) headers.set(name, value)
  }
  const url = new URL(req.url, `http://${req.headers.host || 'localhost'}`)
  return new Request(url, { method: req.method, headers, body: body.length > 0 ? body : undefined })
}

function write(res, status, headers, body) {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { ...headers, 'content-length': String(body.length) })
  res.end(body)
}

/** A JSON error answer ({ message }), as the application's own errors are answered. */
function writeError(res, config, status, message) {
  write(res, status, { ...config, 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ message })))
}

async function answer(req, res, route, config) {
  const chunks = []
  try {
    for await (const chunk of req) chunks.push(chunk)
  } catch {
    // The client went away before its body arrived: nobody to answer.
    return
  }
  let request
  try {
    request = webRequest(req, Buffer.concat(chunks))
  } catch {
    writeError(res, config, 400, 'The request could not be read.')
    return
  }
  try {
    const response = await route.handler(request, { params: Promise.resolve(route.params) })
    const headers = { ...config }
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) headers['set-cookie'] = cookies
    write(res, response.status, headers, Buffer.from(await response.arrayBuffer()))
  } catch (error) {
    // Only a failure outside the handler's own error handling (`handle`) reaches here.
    console.error('Unexpected error in a route handler:', error)
    writeError(res, config, 500, SERVER_ERROR)
  }
}

/**
 * Answers `req` with its registered route, if it has one and the build's headers can be given
 * here; answers whether it did (false: Next answers it).
 */
function serveDirectly(req, res, pathname, observe) {
  const route = match(req, pathname)
  if (!route) return false
  const config = configHeaders(req, pathname)
  if (!config) return false
  // Observed at once, so a graceful stop waits for it while it waits for its turn.
  if (observe) observe(req, res)
  afterAccepting(() => void answer(req, res, route, config))
  return true
}

module.exports = { serveDirectly }
