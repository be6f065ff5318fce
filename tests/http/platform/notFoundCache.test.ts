// A server of its own: it reads the cache of its own Redis (REDIS_URL).
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startRedis, type TestRedis } from '../../helpers/redis'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER_ENV } from '../../helpers/site'

/**
 * Unknown pages on a server sharing its cache through Redis: a crawler trying addresses must not
 * fill the cache with long-lived entries that push real pages out.
 */

let redis: TestRedis
let server: TestServer
let client: ReturnType<typeof createClient>

beforeAll(async () => {
  redis = await startRedis()
  server = await startServer({ ...OWNER_ENV, REDIS_URL: redis.url })
  client = createClient({ url: redis.url })
  await client.connect()
}, 240_000)

afterAll(async () => {
  await client?.quit()
  await server?.discard()
  await redis?.close()
})

/** Every Redis key naming `part`, with its time to live in seconds (-1: none). */
async function keysNaming(part: string) {
  const found: { key: string; ttl: number }[] = []
  for (const key of await client.keys('*')) {
    if (key.includes(part)) found.push({ key, ttl: await client.ttl(key) })
  }
  return found
}

/** Every hash field in Redis naming `part` (the cache keeps each entry's tags in shared hashes). */
async function hashFieldsNaming(part: string) {
  const found: string[] = []
  for (const key of await client.keys('*')) {
    if ((await client.type(key)) !== 'hash') continue
    for (const field of await client.hKeys(key)) if (field.includes(part)) found.push(`${key} ${field}`)
  }
  return found
}

/** How long a shared cache may keep and serve an answer, in seconds, by its Cache-Control. */
function sharedCacheSeconds(cacheControl: string | null): number {
  if (!cacheControl || /private|no-store/.test(cacheControl)) return 0
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1] ?? 0)
  return (seconds('s-maxage') || seconds('max-age')) + seconds('stale-while-revalidate')
}

const get = (path: string) => fetch(server.url + path, { redirect: 'manual' })

describe('unknown pages in the shared cache', () => {
  it('a known page is cached for long (the cache is in Redis)', async () => {
    expect((await get('/shows')).status).toBe(200)
    const keys = await keysNaming('/shows')
    expect(keys.length, JSON.stringify(keys)).toBeGreaterThan(0)
    expect(Math.max(...keys.map((k) => k.ttl))).toBeGreaterThan(3600)
  })

  it('an unknown show answers 404, cached in Redis and by nginx for 60 s at most', async () => {
    for (const slug of ['no-such-show-2031-01-01', 'crawler-guess-17']) {
      const res = await get(`/shows/${slug}`)
      expect(res.status).toBe(404)
      expect(
        sharedCacheSeconds(res.headers.get('cache-control')),
        String(res.headers.get('cache-control')),
      ).toBeLessThanOrEqual(60)
      await res.text()
      const keys = await keysNaming(slug)
      expect(keys.length, JSON.stringify(keys)).toBeGreaterThan(0)
      for (const { key, ttl } of keys) {
        expect(ttl, key).toBeGreaterThan(0)
        expect(ttl, key).toBeLessThanOrEqual(60)
      }
    }
  })

  it('a 4,000-character slug answers 404 without creating a key', async () => {
    const slug = 'a'.repeat(4000)
    for (const path of [`/shows/${slug}`, `/shows/${slug}/event.ics`, `/${slug}`, `/newsletter/${slug}`]) {
      const res = await get(path)
      expect(res.status, path.slice(0, 40)).toBe(404)
      await res.text()
    }
    expect(await keysNaming('a'.repeat(300))).toEqual([])
    expect(await hashFieldsNaming('a'.repeat(300))).toEqual([])
  })
})
