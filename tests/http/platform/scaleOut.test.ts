import { spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../../scripts/lib/freePort'
import { startNginx, type RunningNginx } from '../../../scripts/lib/nginx'
import { Client } from '../../helpers/http'
import { startRedis, type TestRedis } from '../../helpers/redis'
import { startServer, TEST_SECRET, type TestServer } from '../../helpers/server'
import { OWNER_ENV, signIn } from '../../helpers/site'

/**
 * Two production servers on one PostgreSQL and one Redis, with the committed nginx site in front:
 * what one instance (or /cms, or a script) changes shows on the other, and the proxy caches only
 * what is public.
 */
const PUBLIC_ROUTES = [
  '/',
  '/landing',
  '/merch',
  '/api/band-profile',
  '/api/links',
  '/api/shows',
  '/api/products?featured=true',
  '/api/theme-settings',
  '/sitemap.xml',
  '/robots.txt',
]

let redis: TestRedis
let a: TestServer
let b: TestServer
let nginx: RunningNginx
let site: string
let owner: Client

/** Starting a script (tsx, Payload) or a server can take long on a busy machine; the limits under test are the 5 s and 2 s below. */
const SLOW = { timeout: 180_000 }

const hostPort = (url: string) => `127.0.0.1:${new URL(url).port}`

beforeAll(async () => {
  redis = await startRedis()
  const proxyPort = await freePort()
  site = `http://127.0.0.1:${proxyPort}`
  // Both instances answer for the one public address, the proxy's.
  const env = { ...OWNER_ENV, REDIS_URL: redis.url, SITE_URL: site }
  a = await startServer(env)
  b = await startServer({ ...env, DATABASE_URL: a.databaseUrl })
  nginx = await startNginx([hostPort(a.url), hostPort(b.url)], { port: proxyPort })
  owner = new Client(a.url, { origin: site })
  await signIn(owner)
}, 240_000)

afterAll(async () => {
  await nginx?.stop()
  await Promise.all([a?.discard(), b?.discard()])
  await redis?.close()
})

async function page(base: string, route = '/', headers: Record<string, string> = {}) {
  const res = await fetch(base + route, { headers, redirect: 'manual' })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

/** GETs `url` `times` times, one after another, on one kept-alive connection while it stays open. */
async function getOnOneConnection(url: string, times: number): Promise<{ statuses: number[]; connections: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const sockets = new Set<unknown>()
  const statuses = new Set<number>()
  try {
    for (let i = 0; i < times; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.get(url, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        req.on('socket', (socket) => sockets.add(socket))
        req.on('error', reject)
      })
      statuses.add(status)
    }
  } finally {
    agent.destroy()
  }
  return { statuses: [...statuses], connections: sockets.size }
}

/**
 * Polls until `check` holds. A change "shows within" a time when every request sent that long after
 * the change sees it, so this answers when the first request that saw it was sent (how long its
 * answer then took is the server's speed, not staleness), and fails once a request sent after
 * `limitMs` still does not see it.
 */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  for (;;) {
    const sent = Date.now() - started
    if (await check()) return sent
    if (sent > limitMs) throw new Error(`not true within ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const showsOn = (base: string, text: string) => async () => (await page(base)).text.includes(text)

async function renameThroughScript(name: string) {
  const root = path.resolve(import.meta.dirname, '../../..')
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/renameBand.ts', name], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: undefined,
      DATABASE_URL: a.databaseUrl,
      REDIS_URL: redis.url,
      PAYLOAD_SECRET: TEST_SECRET,
      SITE_URL: site,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => (out += c))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code, out).toBe(0)
}

describe('two instances sharing one Redis', () => {
  it('serve / from the shared cache once it is rendered', async () => {
    expect((await page(a.url)).text).toContain('The Midnight Static')
    const first = await page(b.url)
    expect(first.status).toBe(200)
    expect(first.text).toContain('The Midnight Static')
    expect((await page(b.url)).headers.get('x-nextjs-cache')).toBe('HIT')
  })

  it('show a change made through server A on server B within 5 s', async () => {
    await page(b.url)
    const res = await owner.request('PUT', '/api/admin/band-profile', {
      name: 'Static via the team API',
      genre: 'Indie Rock',
      location: 'Portland, OR',
      bio: 'A bio.',
      profileImageUrl: null,
    })
    expect(res.status, await res.clone().text()).toBe(200)
    await within(5_000, showsOn(b.url, 'Static via the team API'))
    expect((await (await fetch(`${b.url}/api/band-profile`)).json()).name).toBe('Static via the team API')
  })

  it('show a change made through /cms on server B within 5 s', async () => {
    await page(b.url)
    const res = await owner.post('/api/cms/globals/band-profile', { name: 'Static via the CMS' })
    expect(res.status, await res.clone().text()).toBe(200)
    await within(5_000, showsOn(b.url, 'Static via the CMS'))
  })

  it('show a change made by a Local API script (no Next server involved) on both within 5 s', SLOW, async () => {
    await page(a.url)
    await page(b.url)
    await renameThroughScript('Static via a script')
    await within(5_000, showsOn(b.url, 'Static via a script'))
    await within(5_000, showsOn(a.url, 'Static via a script'))
  })
})

describe('nginx with deploy/nginx/site.conf.template in front of both', () => {
  it('caches public pages and GETs for a second, declared by the app', SLOW, async () => {
    for (const route of PUBLIC_ROUTES) {
      const first = await page(nginx.url, route)
      expect(first.status, route).toBe(200)
      expect(first.headers.get('cache-control'), route).toMatch(/^public, s-maxage=1, stale-while-revalidate=\d+$/)
      const second = await page(nginx.url, route)
      expect(second.headers.get('x-cache-status'), route).toBe('HIT')
    }
  })

  it('answers the public page the same to every visitor: no client hints, no per-visitor Vary', async () => {
    const res = await page(nginx.url, '/', { 'sec-ch-prefers-color-scheme': 'light' })
    expect(res.headers.get('accept-ch')).toBeNull()
    expect(res.headers.get('critical-ch')).toBeNull()
    expect(res.headers.get('vary') ?? '').not.toMatch(/sec-ch|cookie/i)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('keeps gzip and plain answers apart', async () => {
    for (let i = 0; i < 2; i++) {
      const gzip = await fetch(`${nginx.url}/`, { headers: { 'accept-encoding': 'gzip' } })
      const plain = await fetch(`${nginx.url}/`, { headers: { 'accept-encoding': 'identity' } })
      expect(gzip.headers.get('content-encoding')).toBe('gzip')
      expect(plain.headers.get('content-encoding')).toBeNull()
      // fetch unzips the first; both are the same page.
      expect(await gzip.text()).toBe(await plain.text())
    }
  })

  it(
    'never caches the dashboard, sign-in, checkout, the session cookie or an answer that sets a cookie',
    SLOW,
    async () => {
      const signedIn = new Client(nginx.url, { origin: site })
      await signIn(signedIn)
      // [who asks, route, whether the answer itself is personal]
      const checks: [Client | null, string, boolean][] = [
        [signedIn, '/api/admin/band-profile', true],
        [signedIn, '/admin', true],
        [signedIn, '/', false],
        [signedIn, '/api/band-profile', false],
        [null, '/login', true],
        [null, '/checkout', true],
        [null, '/success', true],
        [null, '/api/auth/user', true],
        [null, '/api/logout', true],
      ]
      for (const [client, route, personal] of checks) {
        for (let i = 0; i < 3; i++) {
          const res = client ? await client.get(route) : await fetch(nginx.url + route, { redirect: 'manual' })
          await res.arrayBuffer()
          expect(res.status, route).toBeLessThan(500)
          expect(res.headers.get('x-cache-status') ?? '', `${route} ${client ? 'signed in' : 'anonymous'}`).not.toMatch(
            /HIT|STALE|UPDATING/,
          )
          if (personal) expect(res.headers.get('cache-control') ?? '', route).toMatch(/private/)
        }
      }
      const logout = await fetch(`${nginx.url}/api/logout`, { redirect: 'manual' })
      expect(logout.headers.getSetCookie().length).toBeGreaterThan(0)
    },
  )

  it('shows a change through the proxy within 2 s', async () => {
    // The page is in nginx's cache before the change. A copy stored by an earlier test can expire
    // between two requests, so the second of a pair is not always a HIT: wait for one.
    await within(2_000, async () => (await page(nginx.url)).headers.get('x-cache-status') === 'HIT')
    const res = await owner.post('/api/cms/globals/band-profile', { name: 'Static through the proxy' })
    expect(res.status).toBe(200)
    const took = await within(2_000, showsOn(nginx.url, 'Static through the proxy'))
    expect(took).toBeLessThanOrEqual(2_000)
  })

  it('keeps a client’s kept-alive connection open past a thousand requests', SLOW, async () => {
    // A load balancer or CDN in front sends request after request on one connection; closing it
    // every thousand requests (nginx's default) makes the requests waiting on it the slowest ones.
    const { statuses, connections } = await getOnOneConnection(`${nginx.url}/robots.txt`, 1_100)
    expect(statuses).toEqual([200])
    expect(connections).toBe(1)
  })
})

describe('Redis going away while the instances run', () => {
  it('leaves every page answering (from the database), and the cache works again once it is back', SLOW, async () => {
    await redis.stop()
    try {
      for (const server of [a, b]) {
        for (const route of [...PUBLIC_ROUTES, '/login', '/checkout', '/success', '/api/auth/user', '/no-such-page']) {
          const res = await page(server.url, route)
          expect(res.status, `${route} on ${server.url}`).toBeLessThan(500)
        }
      }
      const res = await owner.post('/api/cms/globals/band-profile', { name: 'Static without Redis' })
      expect(res.status).toBe(200)
      await within(5_000, showsOn(b.url, 'Static without Redis'))
    } finally {
      await redis.start()
    }
    // Both reconnect by themselves; a change is again shared through Redis.
    await within(15_000, async () => (await page(b.url)).headers.get('x-nextjs-cache') === 'HIT')
    const res = await owner.post('/api/cms/globals/band-profile', { name: 'Static with Redis again' })
    expect(res.status).toBe(200)
    await within(5_000, showsOn(b.url, 'Static with Redis again'))
  })
})
