/**
 * Loaded into the Next.js server process by the launcher (`--require`); it sees each request
 * before Next does.
 *
 * - Every request gets the address of the connection it came on in a header whose name is random
 *   per process, so no client can send it; the site reads that name from a process-wide symbol.
 * - Answers to API writes (POST, PUT, PATCH, DELETE under /api/) are sent uncompressed. They are
 *   a few hundred bytes of JSON, but Next streams them without a length and so gzips every one;
 *   in a checkout rush that was a tenth of the server's time for no saving on the wire. Pages and
 *   every GET (the public data, the CSV exports) are still compressed.
 * - Download zips (GET under /api/downloads/) are sent uncompressed and with their length: Next
 *   drops a route's Content-Length, so the route names it in X-Body-Length and this hook makes it
 *   the Content-Length when the headers are written (a fan's browser shows the progress, and nginx
 *   passes a length through).
 * - A method no route of the site serves (TRACE, CONNECT, anything unknown) is refused (405).
 * - A query holding a NUL byte or broken percent-encoding is refused (400), a path holding one
 *   answers 404: PostgreSQL refuses NUL in text, and Payload's query parser throws on bad encoding.
 * - A page's path with a part longer than MAX_SLUG answers 404 before Next looks it up: no page
 *   has such an address, and each unknown address rendered would become an entry of the cache.
 * - Anonymous writes to Payload's REST API are refused (401) before their body is read: no
 *   collection or global lets anonymous visitors write, except the sign-in routes.
 * - Every body has a limit (`bodyLimit`), refused with 413 before Next reads a byte of it: at once
 *   when its declared length is over; a body without a declared length (chunked) is counted as
 *   it arrives and handed to Next only once it has ended within the limit. Audio masters (up to
 *   2 GB) are the exception: their route streams them to disk and counts them itself, and the
 *   server gives them an hour to arrive.
 * - Bodies to Payload's REST API must be JSON or a multipart form (415): Payload reads no other
 *   type and would go on without data. GraphQL bodies are read here first and must be one JSON
 *   object (400).
 * - Public pages are answered from the server's own microcache when they may be (answerCache.cjs).
 * - The checkout's steps are answered by their route's handler without Next (directRoutes.cjs).
 */
'use strict'

const crypto = require('node:crypto')
const http = require('node:http')

const { createAnswerCache, signedIn } = require('./answerCache.cjs')
const { serveDirectly } = require('./directRoutes.cjs')

const KB = 1024
const MB = 1024 * KB

/** The largest body most routes take (each route may take less). */
const JSON_LIMIT = 256 * KB
/** PAYPAL_WEBHOOK_MAX_BYTES in src/modules/shop/server/payments/webhook.ts. */
const WEBHOOK_LIMIT = 512 * KB
/** MAX_UPLOAD_BYTES in src/platform/storage/keys.ts, plus room for a multipart form's own fields. */
const UPLOAD_LIMIT = 10 * MB + 64 * KB
/** MAX_AUDIO_BYTES in src/platform/storage/keys.ts: audio masters, which the route streams to disk itself. */
const AUDIO_UPLOAD_LIMIT = 2 * 1024 * MB
const AUDIO_UPLOAD = '/api/objects/put/audio/'
/**
 * How long a request may take to arrive whole once an audio master is on its way: 2 GB at about
 * 5 Mbit/s. Node's own limit (5 minutes, for every request of the server) would end such an
 * upload with 408 halfway; the site's proxy keeps slow senders of every other body to itself.
 */
const AUDIO_UPLOAD_TIMEOUT_MS = 60 * 60 * 1000
/** Next's own limit for server actions, which pages (Payload's admin at /cms among them) post. */
const SERVER_ACTION_LIMIT = 1 * MB
/** GraphQL bodies from anonymous visitors are queries, never large. */
const ANONYMOUS_GRAPHQL_LIMIT = 16 * KB

const CMS = '/api/cms/'
const GRAPHQL = '/api/cms/graphql'
/** Payload's auth routes that anonymous visitors use (payload/dist/auth/endpoints). */
const ANONYMOUS_CMS_WRITES =
  /^\/api\/cms\/users\/(login|logout|forgot-password|reset-password|first-register|refresh-token|unlock|verify\/[^/]+)\/?$/

const header = `x-socket-address-${crypto.randomBytes(12).toString('hex')}`
globalThis[Symbol.for('bandsite.socketAddressHeader')] = header
const answers = createAnswerCache()
globalThis[Symbol.for('bandsite.answerCache')] = answers

const isCmsUpload = (pathname) => pathname === '/api/cms/media' || pathname.startsWith('/api/cms/media/')

/** The largest body `req` may carry. */
function bodyLimit(req, pathname) {
  if (pathname.startsWith(AUDIO_UPLOAD)) return AUDIO_UPLOAD_LIMIT
  if (pathname.startsWith('/api/objects/put/') || isCmsUpload(pathname)) return UPLOAD_LIMIT
  if (pathname === '/api/paypal/webhook') return WEBHOOK_LIMIT
  if (!pathname.startsWith('/api/')) return SERVER_ACTION_LIMIT
  if (pathname === GRAPHQL && !signedIn(req)) return ANONYMOUS_GRAPHQL_LIMIT
  return JSON_LIMIT
}

/** Whether every percent-escape in `part` decodes to UTF-8 text without a NUL. */
function cleanUrlPart(part) {
  if (part.includes('\0')) return false
  try {
    return !decodeURIComponent(part.replace(/\+/g, ' ')).includes('\0')
  } catch {
    return false
  }
}

/** The methods the site's routes serve; Next answers anything else with an error of its own. */
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
const KNOWN_METHODS = new Set(METHODS.split(', '))

/** The longest part of a page's path (a show's slug is at most 120 characters). */
const MAX_SLUG = 200
/** Paths that are not public pages: the APIs, the framework's own files, stored files, /cms. */
const NOT_PAGES = /^\/(api|_next|objects|cms)\//

/** Whether `pathname` is a page's path with a part longer than MAX_SLUG. */
const overlongPage = (pathname) =>
  pathname.length > MAX_SLUG && !NOT_PAGES.test(pathname) && pathname.split('/').some((part) => part.length > MAX_SLUG)

/** Why the request must be refused before Next sees it, or null. */
function refusal(req, pathname, query) {
  if (!KNOWN_METHODS.has(req.method)) return [405, `The method ${req.method} is not allowed.`]
  // No record or file has such a name.
  if (!cleanUrlPart(pathname) || overlongPage(pathname)) return [404, 'Not found']
  if (!query.split('&').every(cleanUrlPart)) {
    return [400, 'The query holds a NUL byte or broken percent-encoding, which is not allowed.']
  }
  const writes = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS'
  if (!writes || !pathname.startsWith(CMS) || pathname === GRAPHQL) return null
  const readOverride = /^GET$/i.test(
    req.headers['x-payload-http-method-override'] || req.headers['x-http-method-override'] || '',
  )
  if (!signedIn(req) && !readOverride && !ANONYMOUS_CMS_WRITES.test(pathname)) {
    return [401, 'Sign in to make changes.']
  }
  const length = req.headers['content-length']
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  const type = (req.headers['content-type'] || '').split(';', 1)[0].trim().toLowerCase()
  const readable =
    type === 'application/json' ||
    type === 'multipart/form-data' ||
    (readOverride && type === 'application/x-www-form-urlencoded')
  if (hasBody && !readable) {
    return [415, 'Send the request body as JSON (Content-Type: application/json), or files as multipart/form-data.']
  }
  return null
}

/** How long a refused request's connection still takes (and drops) what the client sends. */
const LINGER_MS = 1000

/**
 * Answers `res` without Next and closes the connection, so an unread body is not read on. The
 * connection lingers a moment, dropping what still arrives: closed at once, it would reset and
 * a client still sending could lose the answer.
 */
function answer(res, pathname, status, message) {
  const socket = res.socket
  if (socket) {
    socket.destroySoon = function () {
      this.end()
      setTimeout(() => this.destroy(), LINGER_MS).unref()
    }
  }
  // Payload's clients (the /cms admin) read `errors[].message`; the site's read `message`.
  const body = JSON.stringify(pathname.startsWith(CMS) ? { errors: [{ message }] } : { message })
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'private, no-store',
    ...(status === 405 ? { Allow: METHODS } : {}),
    Connection: 'close',
  })
  res.end(body)
}

const TOO_LARGE = 'The request body is too large.'

/** GraphQL bodies are small and must be one JSON object; graphql-http answers 500 to anything else. */
function graphqlRefusal(body) {
  try {
    const data = JSON.parse(body.toString('utf8'))
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return null
  } catch {
    // Refused below.
  }
  return [400, 'Send the GraphQL request as one JSON object: {"query": "…", "variables": {…}}.']
}

/**
 * Keeps a body from Next until it has ended, counting it as it arrives: over `limit` it is
 * refused (413) and dropped; within it `check` may refuse it; else Next gets the request and the
 * whole body. Node's HTTP parser hands each piece of a body to the request's `push`.
 */
function holdUntilComplete(server, req, res, rest, pathname, limit, check) {
  const push = req.push
  const chunks = []
  let size = 0
  let refused = false
  req.push = function (chunk, encoding) {
    if (refused) return true
    if (chunk === null) {
      const refusedBody = check && check(Buffer.concat(chunks))
      if (refusedBody) {
        refused = true
        answer(res, pathname, refusedBody[0], refusedBody[1])
        return true
      }
      req.push = push
      for (const part of chunks) push.call(req, part)
      push.call(req, null)
      emit.call(server, 'request', req, res, ...rest)
      return false
    }
    const part = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk
    size += part.length
    if (size > limit) {
      refused = true
      chunks.length = 0
      answer(res, pathname, 413, TOO_LARGE)
      return true
    }
    chunks.push(part)
    return true
  }
}

const DOWNLOADS = '/api/downloads/'
const BODY_LENGTH = 'x-body-length'

/** Makes the route's X-Body-Length the answer's Content-Length when the headers are written. */
function keepBodyLength(res) {
  const writeHead = res.writeHead
  res.writeHead = function (...args) {
    const length = res.getHeader(BODY_LENGTH)
    if (length !== undefined) {
      res.removeHeader(BODY_LENGTH)
      if (/^\d+$/.test(String(length))) {
        res.removeHeader('transfer-encoding')
        res.setHeader('content-length', String(length))
      }
    }
    return writeHead.apply(this, args)
  }
}

const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, req, ...rest) {
  if (event !== 'request' || !req || !req.headers) return emit.call(this, event, req, ...rest)
  const res = rest[0]
  req.headers[header] = (req.socket && req.socket.remoteAddress) || ''
  const url = typeof req.url === 'string' ? req.url : ''
  const queryAt = url.indexOf('?')
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt)
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1)
  if (req.method !== 'GET' && req.method !== 'HEAD' && pathname.startsWith('/api/')) {
    delete req.headers['accept-encoding']
  }

  if ((req.method === 'GET' || req.method === 'HEAD') && pathname.startsWith(DOWNLOADS)) {
    delete req.headers['accept-encoding']
    keepBodyLength(res)
  }

  const refused = refusal(req, pathname, query)
  if (refused) {
    answer(res, pathname, refused[0], refused[1])
    return true
  }
  const limit = bodyLimit(req, pathname)
  const length = req.headers['content-length']
  if (length !== undefined && Number(length) > limit) {
    answer(res, pathname, 413, TOO_LARGE)
    return true
  }
  const chunked = length === undefined && req.headers['transfer-encoding'] !== undefined
  if (pathname === GRAPHQL && req.method === 'POST') {
    const type = (req.headers['content-type'] || '').split(';', 1)[0].trim().toLowerCase()
    if (type !== 'application/json') {
      answer(res, pathname, 415, 'Send the GraphQL request as JSON (Content-Type: application/json).')
      return true
    }
    if (chunked || (length !== undefined && length !== '0')) {
      holdUntilComplete(this, req, res, rest, pathname, limit, graphqlRefusal)
      return true
    }
  } else if (pathname.startsWith(AUDIO_UPLOAD)) {
    // An audio master is never held in memory: its route counts the bytes as it writes them to
    // disk, for as long as they take to arrive.
    if (this.requestTimeout > 0 && this.requestTimeout < AUDIO_UPLOAD_TIMEOUT_MS)
      this.requestTimeout = AUDIO_UPLOAD_TIMEOUT_MS
  } else if (chunked) {
    holdUntilComplete(this, req, res, rest, pathname, limit)
    return true
  }
  const observe = globalThis[Symbol.for('bandsite.requestObserver')]
  if (serveDirectly(req, res, pathname, observe)) return true
  if (answers.serve(req, res, observe)) return true
  return emit.call(this, event, req, ...rest)
}

module.exports = {
  JSON_LIMIT,
  WEBHOOK_LIMIT,
  UPLOAD_LIMIT,
  AUDIO_UPLOAD_LIMIT,
  AUDIO_UPLOAD_TIMEOUT_MS,
  SERVER_ACTION_LIMIT,
  ANONYMOUS_GRAPHQL_LIMIT,
}
