// A server of its own: it trusts no proxy (TRUST_PROXY_HOPS=0), so every request counts against one address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Db } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER, OWNER_ENV } from '../../helpers/site'

/**
 * Rate limits count per client address. With no proxy in front (TRUST_PROXY_HOPS=0) the address
 * is the connection's, whatever X-Forwarded-For the client writes.
 */

let server: TestServer
let db: Db

beforeAll(async () => {
  server = await startServer({ ...OWNER_ENV, TRUST_PROXY_HOPS: '0' })
  db = new Db(server.databaseUrl)
  // A counter from long ago, before the first limited request of this server.
  await db.query(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ('newsletter:192.0.2.77', now() - interval '2 days', 3)`,
  )
})
afterAll(async () => {
  await db?.end()
  await server?.discard()
})

const forged = (i: number) => new Client(server.url, { forwardedFor: `203.0.113.${i}` })

describe('rate limits without a trusted proxy', () => {
  it('old rate-limit rows are expired', async () => {
    expect((await forged(1).json('POST', '/api/newsletter/subscribe', { email: 'first@example.com' })).status).toBe(200)
    expect(await db.query(`SELECT 1 FROM rate_limits WHERE key = 'newsletter:192.0.2.77'`)).toHaveLength(0)
  })

  it('40 newsletter sign-ups with 40 forged X-Forwarded-For addresses get a 429 after the limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await forged(i + 10).json('POST', '/api/newsletter/subscribe', { email: `fan${i}@example.com` })).status,
      )
    }
    // One sign-up was counted by the test before; the limit is 10 per 10 minutes.
    expect(statuses.filter((s) => s === 200)).toHaveLength(9)
    expect(statuses.filter((s) => s === 429)).toHaveLength(31)
  })

  it("Payload's /api/cms/users/login shares the per-address sign-in limit of /api/auth/login", async () => {
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) {
      const path = i % 2 === 0 ? '/api/cms/users/login' : '/api/auth/login'
      statuses.push(
        (await forged(i + 100).json('POST', path, { email: `nobody${i}@example.com`, password: 'wrong-password' }))
          .status,
      )
    }
    expect(statuses.slice(0, 30).every((s) => s === 401 || s === 400)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
    // Even the right password waits for the window to end, on either path.
    expect((await forged(200).json('POST', '/api/cms/users/login', OWNER)).status).toBe(429)
    const res = await forged(201).json('POST', '/api/auth/login', OWNER)
    expect(res.status).toBe(429)
    expect(res.res.headers.get('retry-after')).toMatch(/^\d+$/)
  }, 60_000)
})
