import crypto from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../../scripts/lib/freePort'
import { Buyer, checkout, Db } from '../../helpers/checkout'
import { createTestDatabase } from '../../helpers/db'
import { Client } from '../../helpers/http'
import { createRelease } from '../../helpers/music'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER_ENV, signIn } from '../../helpers/site'
import { TestSmtp } from '../../helpers/smtp'

/**
 * Release day with two production servers on one database: the buyers of a pre-order (here a
 * vinyl that includes the release) get no link when they pay; once the release date has come in
 * the band's time zone, each gets exactly one "<Title> is out today" email with a working
 * download link, whichever server's job runner finds it.
 */

let servers: TestServer[] = []
let smtp: TestSmtp
let db: Db

beforeAll(async () => {
  const smtpPort = await freePort()
  smtp = await new TestSmtp().start(smtpPort)
  const databaseUrl = await createTestDatabase('releaseday')
  const env = {
    DATABASE_URL: databaseUrl,
    ...OWNER_ENV,
    PAYMENT_PROVIDER: 'test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  }
  servers = await Promise.all([startServer(env), startServer(env)])
  db = new Db(databaseUrl)
}, 300_000)

afterAll(async () => {
  await db?.end()
  await Promise.all(servers.map((s) => s.discard()))
  await smtp?.stop()
})

const BUYERS = ['fan1@example.com', 'fan2@example.com', 'fan3@example.com', 'fan4@example.com']

describe('release day with two instances', () => {
  it('mails each pre-order buyer once, with a fresh link, when the day comes', async () => {
    const owner = new Client(servers[0]!.url, { forwardedFor: '192.0.2.40' })
    await signIn(owner)
    const release = await createRelease(owner, { title: 'Tomorrow Tape', releaseDate: '2031-06-01' })
    const vinyl = await owner.json('POST', '/api/admin/products', {
      name: 'Tomorrow Tape vinyl',
      price: '20.00',
      inventory: 20,
      includesReleaseId: release.id,
    })
    expect(vinyl.status, JSON.stringify(vinyl.body)).toBe(201)

    const orders = await Promise.all(
      BUYERS.map(async (email, i) => {
        const buyer = new Buyer(servers[i % 2]!.url, { forwardedFor: `198.51.100.${50 + i}` })
        const paid = await checkout(buyer, [{ productId: vinyl.body.id, quantity: 1, price: '20.00' }], undefined, {
          customerEmail: email,
        })
        expect(paid.body.status, JSON.stringify(paid.body)).toBe('paid')
        return paid.orderId
      }),
    )
    await smtp.waitFor(() => BUYERS.every((b) => smtp.to(b).some((m) => m.subject?.startsWith('Your order #'))))
    // Not yet: the release is still to come.
    await new Promise((r) => setTimeout(r, 5000))
    for (const b of BUYERS) expect(smtp.to(b).map((m) => m.subject)).not.toContain('Tomorrow Tape is out today')

    // The release date comes: both the release and its pre-order grants now date from yesterday.
    await db.query(`UPDATE releases SET release_date = to_char(current_date - 1, 'YYYY-MM-DD') WHERE id = $1`, [
      release.id,
    ])
    const moved = await db.query(
      `UPDATE download_grants SET available_on = current_date - 1 WHERE order_id = ANY($1::uuid[]) RETURNING id`,
      [orders],
    )
    expect(moved).toHaveLength(BUYERS.length)

    await smtp.waitFor(
      () => BUYERS.every((b) => smtp.to(b).some((m) => m.subject === 'Tomorrow Tape is out today')),
      60_000,
    )
    // Several more rounds of both job runners: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 8000))
    for (const b of BUYERS) {
      const mails = smtp.to(b).filter((m) => m.subject === 'Tomorrow Tape is out today')
      expect(mails, b).toHaveLength(1)
      const token = /\/downloads\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text ?? '')?.[1]
      expect(token, mails[0]!.text).toBeTruthy()
      const hash = crypto.createHash('sha256').update(token!).digest('hex')
      expect(await db.query('SELECT email FROM download_links WHERE token_sha256 = $1', [hash])).toEqual([{ email: b }])
    }
    const jobs = await db.query(
      `SELECT count(*)::int AS n FROM payload_jobs WHERE input->>'subject' = 'Tomorrow Tape is out today'`,
    )
    expect(jobs).toEqual([{ n: BUYERS.length }])
  }, 240_000)
})
