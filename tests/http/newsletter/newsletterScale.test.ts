import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../../scripts/lib/freePort'
import { Buyer, checkout, createShirt } from '../../helpers/checkout'
import { createTestDatabase } from '../../helpers/db'
import { Client } from '../../helpers/http'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER_ENV, signIn } from '../../helpers/site'
import { recipients, TestSmtp } from '../../helpers/smtp'

/** Campaigns sent by two production servers on one PostgreSQL, through a real SMTP server. */

let servers: TestServer[] = []
let smtp: TestSmtp
let smtpPort: number
let pool: pg.Pool
let owner: Client

beforeAll(async () => {
  smtpPort = await freePort()
  // A mail server that takes 20 ms per message, so a campaign lasts long enough to watch.
  smtp = await new TestSmtp({ delayMs: 20 }).start(smtpPort)
  const databaseUrl = await createTestDatabase('newsletter')
  const env = {
    DATABASE_URL: databaseUrl,
    ...OWNER_ENV,
    PAYMENT_PROVIDER: 'test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NEWSLETTER_RATE: 'off',
  }
  servers = await Promise.all([startServer(env), startServer(env)])
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  owner = await signIn(new Client(servers[0]!.url, { forwardedFor: '192.0.2.2' }))
  // The second server's sender starts with its first request.
  await fetch(`${servers[1]!.url}/api/health`)
}, 300_000)

afterAll(async () => {
  await pool?.end()
  await Promise.all(servers.map((s) => s.discard()))
  await smtp?.stop()
})

async function confirmedFans(prefix: string, n: number, city: string): Promise<string[]> {
  const { rows } = await pool.query<{ email: string }>(
    `INSERT INTO subscribers (email, status, is_active, source, signed_up_at, confirmed_at, city)
      SELECT $1 || i || '@fans.test', 'confirmed', true, 'form', now(), now(), $3
        FROM generate_series(1, $2::int) AS i RETURNING email`,
    [prefix, n, city],
  )
  return rows.map((r) => r.email)
}

async function startCampaign(subject: string, city: string): Promise<string> {
  const created = await owner.json('POST', '/api/admin/campaigns', { subject, body: 'Hello', audience: { city } })
  expect(created.status).toBe(201)
  expect((await owner.json('POST', `/api/admin/campaigns/${created.body.id}/send`, {})).status).toBe(200)
  return created.body.id
}

async function waitForSent(id: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { body } = await owner.json('GET', `/api/admin/campaigns/${id}`)
    if (body.status === 'sent') return body
    if (Date.now() > deadline) throw new Error(`Campaign still ${body.status}: ${JSON.stringify(body.counts)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const delivered = (subject: string) => smtp.messages.filter((m) => m.subject === subject).flatMap((m) => recipients(m))

describe('sending with two servers', () => {
  it('a campaign to 300 confirmed subscribers delivers exactly 300 messages, none twice, whichever server claims them', async () => {
    const fans = await confirmedFans('three', 300, 'Threeville')
    const id = await startCampaign('Three hundred', 'Threeville')
    const done = await waitForSent(id)
    expect(done.counts).toEqual({ recipients: 300, sent: 300, failed: 0 })
    const got = delivered('Three hundred')
    expect(got).toHaveLength(300)
    expect(new Set(got).size).toBe(300)
    expect([...got].sort()).toEqual([...fans].sort())
    // Each message was sent by the one server that claimed it. Which servers take part is timing
    // (one may claim every batch before the other looks), so only that each row has a sender is checked.
    const { rows } = await pool.query(
      `SELECT count(*) FILTER (WHERE claimed_by IS NULL)::int AS unclaimed, count(*)::int AS n
         FROM campaign_recipients WHERE campaign_id = $1 AND status = 'sent'`,
      [id],
    )
    expect(rows[0]).toEqual({ unclaimed: 0, n: 300 })
  }, 120_000)

  it('order emails queued during a campaign go out within seconds', async () => {
    await confirmedFans('busy', 1500, 'Busyville')
    const shirt = await createShirt(owner, { price: 20, stock: 5 })
    const id = await startCampaign('Busy campaign', 'Busyville')
    await new Promise((resolve) => setTimeout(resolve, 500))
    const queuedAt = Date.now()
    const result = await checkout(new Buyer(servers[1]!.url, { forwardedFor: '198.51.100.7' }), [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '20.00' },
    ])
    expect(result.body.status).toBe('paid')
    const number = result.orderId.slice(0, 8)
    await smtp.waitFor(() => smtp.to('alex@example.com').some((m) => m.subject?.includes(number)), 10_000)
    const tookMs = Date.now() - queuedAt
    const { body } = await owner.json('GET', `/api/admin/campaigns/${id}`)
    // The campaign was still going when the order's email arrived.
    expect(body.status).toBe('sending')
    expect(tookMs).toBeLessThan(8000)
    await waitForSent(id)
    expect(new Set(delivered('Busy campaign')).size).toBe(1500)
  }, 180_000)

  it('with the SMTP server down mid-campaign, everything arrives once it is back', async () => {
    const fans = await confirmedFans('outage', 1500, 'Outageville')
    const id = await startCampaign('Outage', 'Outageville')
    await smtp.waitFor((messages) => messages.filter((m) => m.subject === 'Outage').length >= 200)
    await smtp.stop()
    await new Promise((resolve) => setTimeout(resolve, 4000))
    const { body } = await owner.json('GET', `/api/admin/campaigns/${id}`)
    expect(body.counts.sent).toBeLessThan(1500)
    await smtp.start(smtpPort)
    const done = await waitForSent(id, 180_000)
    expect(done.counts).toEqual({ recipients: 1500, sent: 1500, failed: 0 })
    const got = delivered('Outage')
    expect(new Set(got)).toEqual(new Set(fans))
  }, 240_000)
})
