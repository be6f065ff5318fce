import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { countHit } from '@/platform/http/attempts'

import { freshPayload } from '../../helpers/payload'

/**
 * A crowd on one address (a venue's Wi-Fi) hits a per-address limit at once: every hit is counted
 * exactly once, first come first counted, so exactly the first `limit` get through whatever the
 * crowd's size.
 */

let payload: Payload

const hitsOf = async (key: string) =>
  Number(
    (
      (await payload.db.drizzle.execute(sql`SELECT hits FROM rate_limits WHERE key = ${key}`)).rows[0] as {
        hits: number
      }
    ).hits,
  )

beforeAll(async () => {
  payload = await freshPayload()
})

describe('a crowd counted against one address', () => {
  it('counts 80 hits at once exactly once each, in the order they arrived', async () => {
    const counted = await Promise.all(Array.from({ length: 80 }, () => countHit(payload, 'orders:198.51.100.7', 600)))
    expect(counted.map((c) => c.hits)).toEqual(Array.from({ length: 80 }, (_, n) => n + 1))
    expect(counted.every((c) => c.retryAfter > 590 && c.retryAfter <= 600)).toBe(true)
    expect(await hitsOf('orders:198.51.100.7')).toBe(80)
  })

  it('keeps counting on from the window under way, and other addresses apart', async () => {
    const [first, other, ...rest] = await Promise.all([
      countHit(payload, 'orders:198.51.100.7', 600),
      countHit(payload, 'orders:198.51.100.8', 600),
      ...Array.from({ length: 9 }, () => countHit(payload, 'orders:198.51.100.7', 600)),
    ])
    expect([first!.hits, ...rest.map((c) => c.hits)]).toEqual(Array.from({ length: 10 }, (_, n) => 81 + n))
    expect(other!.hits).toBe(1)
    expect(await hitsOf('orders:198.51.100.7')).toBe(90)
  })

  it('starts a new window for a crowd arriving after the last one ended', async () => {
    await payload.db.drizzle.execute(
      sql`INSERT INTO rate_limits (key, window_start, hits) VALUES ('newsletter:198.51.100.9', now() - interval '11 minutes', 10)`,
    )
    const counted = await Promise.all(
      Array.from({ length: 15 }, () => countHit(payload, 'newsletter:198.51.100.9', 600)),
    )
    expect(counted.map((c) => c.hits)).toEqual(Array.from({ length: 15 }, (_, n) => n + 1))
    expect(counted.filter((c) => c.hits <= 10)).toHaveLength(10)
    expect(await hitsOf('newsletter:198.51.100.9')).toBe(15)
  })
})
