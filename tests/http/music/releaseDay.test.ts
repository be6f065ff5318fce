import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { Buyer, checkout } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { createRelease } from '../../helpers/music'
import { signIn } from '../../helpers/site'
import { useTwoServers } from '../../helpers/twoServers'

/**
 * Release day with two production servers on one database: the buyers of a pre-order (here a
 * vinyl that includes the release) get no link when they pay; once the release date has come in
 * the band's time zone, each gets exactly one "<Title> is out today" email with a working
 * download link, whichever server's job runner finds it.
 */

const two = useTwoServers('releaseday')

const BUYERS = ['fan1@example.com', 'fan2@example.com', 'fan3@example.com', 'fan4@example.com']

describe('release day with two instances', () => {
  it('mails each pre-order buyer once, with a fresh link, when the day comes', async () => {
    const owner = new Client(two.servers[0]!.url, { forwardedFor: '192.0.2.40' })
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
        const buyer = new Buyer(two.servers[i % 2]!.url, { forwardedFor: `198.51.100.${50 + i}` })
        const paid = await checkout(buyer, [{ productId: vinyl.body.id, quantity: 1, price: '20.00' }], undefined, {
          customerEmail: email,
        })
        expect(paid.body.status, JSON.stringify(paid.body)).toBe('paid')
        return paid.orderId
      }),
    )
    await two.smtp.waitFor(() => BUYERS.every((b) => two.smtp.to(b).some((m) => m.subject?.startsWith('Your order #'))))
    // Not yet: the release is still to come.
    await new Promise((r) => setTimeout(r, 5000))
    for (const b of BUYERS) expect(two.smtp.to(b).map((m) => m.subject)).not.toContain('Tomorrow Tape is out today')

    // The release date comes: both the release and its pre-order grants now date from yesterday.
    await two.db.query(`UPDATE releases SET release_date = to_char(current_date - 1, 'YYYY-MM-DD') WHERE id = $1`, [
      release.id,
    ])
    const moved = await two.db.query(
      `UPDATE download_grants SET available_on = current_date - 1 WHERE order_id = ANY($1::uuid[]) RETURNING id`,
      [orders],
    )
    expect(moved).toHaveLength(BUYERS.length)

    await two.smtp.waitFor(
      () => BUYERS.every((b) => two.smtp.to(b).some((m) => m.subject === 'Tomorrow Tape is out today')),
      60_000,
    )
    // Several more rounds of both job runners: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 8000))
    for (const b of BUYERS) {
      const mails = two.smtp.to(b).filter((m) => m.subject === 'Tomorrow Tape is out today')
      expect(mails, b).toHaveLength(1)
      const token = /\/downloads\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text ?? '')?.[1]
      expect(token, mails[0]!.text).toBeTruthy()
      const hash = crypto.createHash('sha256').update(token!).digest('hex')
      expect(await two.db.query('SELECT email FROM download_links WHERE token_sha256 = $1', [hash])).toEqual([
        { email: b },
      ])
    }
    const jobs = await two.db.query(
      `SELECT count(*)::int AS n FROM payload_jobs WHERE input->>'subject' = 'Tomorrow Tape is out today'`,
    )
    expect(jobs).toEqual([{ n: BUYERS.length }])
  }, 240_000)
})
