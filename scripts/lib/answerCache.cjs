/**
 * The server's own microcache of public pages, for a server that visitors reach directly (no proxy
 * in front caching for it). Loaded with the request hooks (requestHooks.cjs), before Next.
 *
 * What is kept: an answer that Next itself serves from its page cache (it carries
 * `x-nextjs-cache`), with status 200, `Cache-Control: public, s-maxage=N` and no cookie. It is kept
 * N seconds, per address and Accept-Encoding, and answered again from memory, without Next's
 * routing, rendering or compression.
 *
 * Who gets it: a GET from a visitor who is not signed in (no `payload-token` cookie, no
 * Authorization), with no conditional or range header and none of the router's headers (RSC and
 * the Next-Router-* headers, which ask Next for something else at the same address). A request that
 * came through a proxy (X-Forwarded-For) is left to Next: the proxy caches the answer itself (the
 * site's nginx does), and two caches one behind the other would keep a change hidden twice as long.
 *
 * Freshness:
 * - a change of public content made by this server drops every kept answer at once (`clear()`,
 *   called when the content's cache tags are invalidated); an answer whose rendering started
 *   before the change is not kept;
 * - a change made through another instance shows here within N seconds, as `s-maxage` allows
 *   any shared cache;
 * - once an answer is older than N seconds, the next request goes to Next for a fresh one, and
 *   requests arriving meanwhile get the kept one (at most STALE_MS past its time).
 *
 * Bounds: at most MAX_ENTRIES answers and MAX_BYTES in all, an answer at most MAX_ANSWER_BYTES;
 * the oldest kept goes first.
 */
'use strict'

const MAX_ENTRIES = 256
const MAX_BYTES = 8 * 1024 * 1024
const MAX_ANSWER_BYTES = 512 * 1024
/** How long past its time a kept answer may still be sent while a fresh one is on its way. */
const STALE_MS = 10_000

/** Request headers with which Next answers something else than the page at the same address. */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
]
/** Vary fields a kept answer may name: Accept-Encoding is part of the key, the others are absent. */
const KEYED_VARY = new Set(['accept-encoding', ...ROUTER_HEADERS])
/** Headers of the connection or the moment, written afresh for each answer. */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])
/** Marks an answer sent from this cache. */
const HIT_HEADER = 'X-Server-Cache'

/** Whether `req` comes from a signed-in member (a session cookie or an Authorization header). */
const signedIn = (req) =>
  Boolean(req.headers.authorization) || /(?:^|;\s*)payload-token=[^;]/.test(req.headers.cookie || '')

/** Whether `req` may be answered from the cache, and its answer kept. */
function eligible(req) {
  const h = req.headers
  if (req.method !== 'GET' || signedIn(req)) return false
  if (h['x-forwarded-for'] || h.range || h['if-none-match'] || h['if-modified-since']) return false
  return ROUTER_HEADERS.every((name) => h[name] === undefined)
}

/** The key of `req`'s answer: the address as the client asked for it, and the encodings it takes. */
function keyOf(req) {
  const h = req.headers
  return [h.host, h['x-forwarded-host'], h['x-forwarded-proto'], req.url, h['accept-encoding']].join('\n')
}

/** How many seconds the answer's headers let a shared cache keep it, or 0 when it must not be kept. */
function keepSeconds(statusCode, headers) {
  if (statusCode !== 200 || headers['set-cookie'] !== undefined || headers['x-nextjs-cache'] === undefined) return 0
  const cacheControl = String(headers['cache-control'] || '').toLowerCase()
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store|no-cache)\b/.test(cacheControl)) return 0
  const vary = String(headers.vary || '')
    .toLowerCase()
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean)
  if (!vary.every((field) => KEYED_VARY.has(field))) return 0
  const maxAge = /\bs-maxage=(\d+)/.exec(cacheControl)
  return maxAge ? Number(maxAge[1]) : 0
}

/** The headers `res` is written with: those set before, and those given to writeHead. */
function headersOf(res, given) {
  const headers = { ...res.getHeaders() }
  if (Array.isArray(given)) {
    for (let i = 0; i + 1 < given.length; i += 2) headers[String(given[i]).toLowerCase()] = given[i + 1]
  } else if (given && typeof given === 'object') {
    for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = value
  }
  return headers
}

function createAnswerCache({ maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES, now = Date.now } = {}) {
  /** @type {Map<string, {status: number, headers: Record<string, unknown>, body: Buffer, freshUntil: number, refreshing: boolean}>} */
  const entries = new Map()
  let bytes = 0
  /** Counts the clears, so an answer rendered before one is not kept after it. */
  let generation = 0

  function remove(key) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.body.length
  }

  function keep(key, entry) {
    remove(key)
    entries.set(key, entry)
    bytes += entry.body.length
    for (const [oldest] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      remove(oldest)
    }
  }

  /** Follows the answer Next writes to `res` and keeps it if it may be kept. */
  function record(key, res, refreshed) {
    const startedIn = generation
    const chunks = []
    let size = 0
    let headers
    const writeHead = res.writeHead
    res.writeHead = function (statusCode, ...rest) {
      headers = headersOf(res, typeof rest[0] === 'string' ? rest[1] : rest[0])
      return writeHead.call(this, statusCode, ...rest)
    }
    const collect = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_ANSWER_BYTES) return
      const part =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      size += part.length
      chunks.push(part)
    }
    const write = res.write
    res.write = function (chunk, encoding, ...rest) {
      collect(chunk, encoding)
      return write.call(this, chunk, encoding, ...rest)
    }
    const end = res.end
    res.end = function (chunk, encoding, ...rest) {
      collect(chunk, encoding)
      return end.call(this, chunk, encoding, ...rest)
    }
    res.once('finish', () => {
      if (refreshed) refreshed.refreshing = false
      const seconds = headers ? keepSeconds(res.statusCode, headers) : 0
      if (seconds <= 0 || size > MAX_ANSWER_BYTES || startedIn !== generation) return
      const kept = {}
      for (const [name, value] of Object.entries(headers)) if (!NOT_KEPT.has(name)) kept[name] = value
      kept[HIT_HEADER.toLowerCase()] = 'HIT'
      // Next's own mark: the copy comes from a cache, whatever Next did to make it.
      kept['x-nextjs-cache'] = 'HIT'
      const body = Buffer.concat(chunks)
      kept['content-length'] = String(body.length)
      keep(key, { status: 200, headers: kept, body, freshUntil: now() + seconds * 1000, refreshing: false })
    })
    res.once('close', () => {
      if (refreshed) refreshed.refreshing = false
    })
  }

  /**
   * Answers `req` from the cache (and answers true), or lets it through to Next (false), following
   * Next's answer to keep it. `observe` is called before a kept answer is written, as Next's
   * request listeners would have been.
   */
  function serve(req, res, observe) {
    if (!eligible(req)) return false
    const key = keyOf(req)
    const entry = entries.get(key)
    const at = now()
    if (entry && (at < entry.freshUntil || (entry.refreshing && at < entry.freshUntil + STALE_MS))) {
      if (observe) observe(req, res)
      res.writeHead(entry.status, entry.headers)
      res.end(entry.body)
      return true
    }
    if (entry && at < entry.freshUntil + STALE_MS) entry.refreshing = true
    else if (entry) remove(key)
    record(key, res, entry && entry.refreshing ? entry : undefined)
    return false
  }

  function clear() {
    generation += 1
    entries.clear()
    bytes = 0
  }

  return { serve, clear, size: () => ({ entries: entries.size, bytes }) }
}

module.exports = { createAnswerCache, signedIn }
