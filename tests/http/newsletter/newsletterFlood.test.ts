import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Client } from '../../helpers/http'
import { recipients } from '../../helpers/smtp'
import { unique } from '../../helpers/unique'

/**
 * Nobody floods a stranger's inbox through the newsletter form: one address gets at most 3
 * confirmation emails in 24 hours, from however many client addresses the sign-ups come, and the
 * form answers every sign-up alike.
 */

let pool: pg.Pool

// The worker's shared site and mailbox: the file signs up addresses of its own, from addresses of its own.
const site = useAdminSite()
beforeAll(() => {
  pool = new pg.Pool({ connectionString: site.server.databaseUrl, max: 2 })
})
afterAll(() => pool?.end())

const from = () => new Client(site.server.url, { forwardedFor: site.address() })
const confirmationsTo = (email: string) =>
  site.mailbox.messages.filter(
    (m) => recipients(m).includes(email) && /^Please confirm your subscription/.test(m.subject ?? ''),
  )

/** Waits until no email to `email` is left in the queue. */
async function queueDrained(email: string) {
  const deadline = Date.now() + 60_000
  for (;;) {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM payload_jobs WHERE input->>'to' = $1 AND completed_at IS NULL`,
      [email],
    )
    if (rows[0].n === 0) return
    if (Date.now() > deadline) throw new Error(`emails to ${email} still queued`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('POST /api/newsletter/subscribe: confirmations per address', () => {
  it('5 sign-ups of one address from 5 client addresses mail 3 confirmations, each answered alike', async () => {
    const email = `flooded${unique()}@example.com`
    for (let n = 1; n <= 5; n++) {
      const res = await from().json('POST', '/api/newsletter/subscribe', { email })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ message: 'Subscribed', email })
      // Past the 10-minute resend throttle, so only the daily ceiling can hold the next one back.
      await pool.query(`UPDATE subscribers SET confirm_sent_at = now() - interval '11 minutes' WHERE email = $1`, [
        email,
      ])
    }
    // The form without the page's script answers the same as for any sign-up.
    const form = await from().request('POST', '/api/newsletter/subscribe', `email=${encodeURIComponent(email)}`, {
      'Content-Type': 'application/x-www-form-urlencoded',
    })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toBe('/newsletter/subscribed')

    await site.mailbox.waitFor(() => confirmationsTo(email).length >= 3)
    await queueDrained(email)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(confirmationsTo(email)).toHaveLength(3)
  })

  it('another address is not held back by the first one', async () => {
    const email = `neighbour${unique()}@example.com`
    const res = await from().json('POST', '/api/newsletter/subscribe', { email })
    expect(res.body).toEqual({ message: 'Subscribed', email })
    await site.mailbox.waitFor((m) => recipients(m).includes(email))
  })
})
