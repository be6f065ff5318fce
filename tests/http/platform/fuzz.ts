import crypto from 'node:crypto'
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CMS_COLLECTIONS, CMS_GLOBALS } from '../../helpers/cms'
import { Client } from '../../helpers/http'
import { ROUTES } from '../../helpers/permissionMatrix'
import { payloadFor } from '../../helpers/payload'
import { serverRss } from '../../helpers/requests'
import { startServer, type TestServer } from '../../helpers/server'
import { account, addMembers, OWNER_ENV, signIn } from '../../helpers/site'

/**
 * Every route of the site and of Payload, with every method, as anonymous, viewer and owner, is
 * sent malformed and hostile input on a server of its own: no answer may be a 5xx. Then a fixed
 * third of those requests (every route, method, role and input still among them) is sent twice
 * more, and the server's memory may not grow by more than 50 MB from the one to the other.
 * The routes are split between two test files (`fuzzRoutes(part)`), each with a server of its own,
 * so the two halves run side by side.
 */

const MB = 1024 * 1024
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const ACTORS = ['anonymous', 'viewer', 'owner'] as const
type Actor = (typeof ACTORS)[number]

/** The site's routes outside the team API (the route table in docs/api.md), with ids made up. */
const SITE_ROUTES = [
  '/',
  '/checkout',
  '/success',
  '/login',
  '/admin',
  '/sitemap.xml',
  '/api/auth/user',
  '/api/auth/login',
  '/api/auth/setup',
  '/api/auth/accept-invite',
  '/api/login',
  '/api/health',
  '/api/band-profile',
  '/api/links',
  '/api/products',
  '/api/products/[id]/options',
  '/api/theme-settings',
  '/api/shows',
  '/api/newsletter/subscribe',
  '/api/orders',
  '/api/checkout/bind',
  '/api/orders/[id]',
  '/api/paypal/setup',
  '/api/paypal/order',
  '/api/paypal/order/[id]/capture',
  '/api/paypal/webhook',
  '/api/objects/upload',
  '/api/objects/put/[id]',
  '/api/revalidate',
  '/objects/media/[id].png',
  '/api/cms/access',
  '/api/cms/users/me',
  '/api/cms/users/login',
  '/api/cms/users/forgot-password',
  '/api/cms/users/reset-password',
  '/api/cms/users/first-register',
  '/api/cms/users/unlock',
  '/api/cms/media/file/[id].png',
  '/api/cms/graphql',
]

const ROUTE_PATHS = [
  ...new Set([
    ...SITE_ROUTES,
    ...ROUTES.map((r) => r.route),
    ...CMS_COLLECTIONS.flatMap((c) => [`/api/cms/${c}`, `/api/cms/${c}/[id]`]),
    ...CMS_GLOBALS.map((g) => `/api/cms/globals/${g}`),
  ]),
]

/** Values that have broken parsers before: NUL, lone surrogates, huge numbers, long text, prototype keys. */
const hostile = (text: string) => ({
  title: text,
  name: text,
  email: text,
  url: text,
  value: text,
  q: text,
  query: text,
  token: text,
  password: text,
  price: 1e308,
  quantity: 99999999999999999999999,
  limit: -1e21,
  where: { title: { like: text } },
})

type Variant = { name: string; suffix?: string; type?: string; body?: Buffer }

const VARIANTS: Variant[] = [
  { name: 'NUL in the query', suffix: '?q=a%00&where[title][like]=%2Fe%00&limit=1e999&cursor=%00' },
  { name: 'broken percent-encoding', suffix: '?q=%FF%FE&where[name][equals]=%E2%82' },
  { name: 'NUL in the path', suffix: '%00/x%00' },
  { name: 'malformed JSON', type: 'application/json', body: Buffer.from('{"title": "x", ') },
  {
    name: 'a form',
    type: 'application/x-www-form-urlencoded',
    body: Buffer.from('title=x&email=a%00%40b.co&price=1e999'),
  },
  { name: 'text', type: 'text/plain', body: Buffer.from('title: x\u0000') },
  { name: 'NUL in JSON fields', type: 'application/json', body: Buffer.from(JSON.stringify(hostile('a\u0000b'))) },
  { name: 'a lone surrogate', type: 'application/json', body: Buffer.from(JSON.stringify(hostile('a\ud800b'))) },
  {
    name: 'unknown fields',
    type: 'application/json',
    body: Buffer.from(
      '{"__proto__":{"role":"owner"},"constructor":{"prototype":{"x":1}},"role":"owner","unknown":[[[[{}]]]],"id":"../../x"}',
    ),
  },
  {
    name: 'strings over every field limit',
    type: 'application/json',
    body: Buffer.from(JSON.stringify(hostile('x'.repeat(20_000)))),
  },
  {
    name: 'a body over the JSON limit',
    type: 'application/json',
    body: Buffer.from(JSON.stringify(hostile('x'.repeat(300_000)))),
  },
  { name: 'a 2 MB body', type: 'application/json', body: Buffer.alloc(2 * MB, 'x') },
]

let server: TestServer
const cookies: Record<Actor, string | null> = { anonymous: null, viewer: null, owner: null }
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

/** Sends one request; answers its status, or 0 when the connection broke before an answer. */
function send(method: string, path: string, actor: Actor, variant: Variant, address: string): Promise<number> {
  const headers: Record<string, string> = { Origin: server.url, 'X-Forwarded-For': address }
  if (cookies[actor]) headers.Cookie = cookies[actor]!
  if (variant.type) headers['Content-Type'] = variant.type
  const body = variant.body
  if (body) headers['Content-Length'] = String(body.length)
  return new Promise((resolve) => {
    let status = 0
    const req = http.request(server.url + path + (variant.suffix ?? ''), { method, headers, agent }, (res) => {
      status = res.statusCode!
      res.resume()
      res.on('end', () => resolve(status))
      res.on('error', () => resolve(status))
    })
    // A server that refuses a body at once may close before the client has written all of it.
    req.on('error', () => resolve(status))
    req.end(body)
  })
}

/** The fuzz test over one half of the routes (`part` 0: the first, third, fifth…; 1: the others). */
export function fuzzRoutes(part: 0 | 1): void {
  beforeAll(async () => {
    // V8 grows its heap lazily when it has room, which shows in RSS as growth under any load (tens
    // of MB per thousand plain GETs). With the old space capped as a container's memory limit
    // would, RSS follows the memory requests keep; a leak still grows it, up to a crash.
    server = await startServer({ ...OWNER_ENV, NODE_OPTIONS: '--max-old-space-size=384' })
    const payload = await payloadFor(server.databaseUrl)
    await addMembers(payload, ['viewer'])
    for (const role of ['viewer', 'owner'] as const) {
      const client = await signIn(new Client(server.url, { forwardedFor: `198.18.1.${role.length}` }), account(role))
      cookies[role] = client.cookie
    }
  })
  afterAll(async () => {
    agent.destroy()
    await server?.discard()
  })

  describe(`fuzz: every route, method and role with hostile input (routes ${part === 0 ? '1, 3, 5' : '2, 4, 6'}…)`, () => {
    it('answers no 5xx, and grows by at most 50 MB over a replayed third', { timeout: 900_000 }, async () => {
      const requests: [string, string, Actor, Variant][] = []
      // The third replayed for memory: the requests whose method, role and input indexes sum to a
      // multiple of 3, so each route gets 4 of its 12 inputs for every method and role, and every
      // pair of method, role and input is among them.
      const replayed: typeof requests = []
      const routes = ROUTE_PATHS.filter((_, i) => i % 2 === part)
      for (const route of routes) {
        const path = route.replace(/\[\w+\]/g, () => crypto.randomUUID())
        for (const [m, method] of METHODS.entries()) {
          for (const [a, actor] of ACTORS.entries()) {
            for (const [v, variant] of VARIANTS.entries()) {
              requests.push([method, path, actor, variant])
              if ((m + a + v) % 3 === 0) replayed.push([method, path, actor, variant])
            }
          }
        }
      }

      const byClass: Record<string, number> = {}
      const failures: string[] = []
      let n = 0
      /** Sends `list` over 8 connections, counting the answers by status class. */
      const run = async (list: typeof requests) => {
        let next = 0
        const worker = async () => {
          while (next < list.length) {
            const [method, path, actor, variant] = list[next++]!
            // Many addresses, so the rate limits let most requests through to the code behind them.
            const from = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`
            const status = await send(method, path, actor, variant, from)
            const cls = status === 0 ? 'reset' : `${Math.floor(status / 100)}xx`
            byClass[cls] = (byClass[cls] ?? 0) + 1
            if (status >= 500 || status === 0)
              failures.push(`${method} ${path} as ${actor}, ${variant.name}: ${status}`)
          }
        }
        await Promise.all(Array.from({ length: 8 }, worker))
      }

      // RSS is sampled through each pass: the heap's sawtooth alone moves a single reading by tens
      // of MB. Each route's code, and each error path's, loads on its first request, and V8 sizes its
      // heap for the load over more than one pass (its level rose by about 20 MB from the first
      // pass to the second, then held): neither is growth. So after the whole first pass and a
      // second pass of the replayed third, the level the server settles at in the second half of
      // that second pass is compared with the level in the second half of a third pass of the same
      // requests; memory kept per request (or per route, role or input) would raise the third.
      const atStart = serverRss(server.pid)
      const settled = async (list: typeof requests) => {
        const samples: number[] = []
        const sampler = setInterval(() => samples.push(serverRss(server.pid)), 250)
        try {
          await run(list)
        } finally {
          clearInterval(sampler)
        }
        const late = samples.slice(Math.floor(samples.length / 2)).sort((x, y) => x - y)
        return { level: late[Math.floor(late.length / 2)] ?? serverRss(server.pid), peak: Math.max(...samples) }
      }
      await run(requests)
      const first = await settled(replayed)
      const started = performance.now()
      const second = await settled(replayed)

      const grown = second.level - first.level
      const mb = (bytes: number) => (bytes / MB).toFixed(0)
      console.log(
        `fuzz: ${n} requests (a pass of ${requests.length} over ${routes.length} of ${ROUTE_PATHS.length} routes, then 2 passes of ` +
          `${replayed.length}; the third in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s); by status: ${JSON.stringify(byClass)}; ` +
          `RSS ${mb(atStart)} MB at start, settled at ${mb(first.level)} MB (peak ${mb(first.peak)}) in the second pass ` +
          `and ${mb(second.level)} MB (peak ${mb(second.peak)}) in the third (${grown >= 0 ? '+' : ''}${(grown / MB).toFixed(1)} MB)`,
      )
      expect(failures.slice(0, 40)).toEqual([])
      expect(grown).toBeLessThanOrEqual(50 * MB)
    })
  })
}
