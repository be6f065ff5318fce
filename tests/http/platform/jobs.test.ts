import { beforeAll, describe, expect, it } from 'vitest'

import { Buyer, checkout, cms, createShirt } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { signIn } from '../../helpers/site'
import { useTwoServers } from '../../helpers/twoServers'

/** Two production servers on one PostgreSQL: every queued email is sent exactly once. */

const TEAM = 'team@example.com'

const two = useTwoServers('jobs')
let ip = 10

const subjects = (to: string) => two.smtp.to(to).map((m) => m.subject ?? '')
const count = (list: string[], text: string) => list.filter((s) => s.includes(text)).length

beforeAll(async () => {
  const owner = new Client(two.servers[0]!.url, { forwardedFor: '192.0.2.2' })
  await signIn(owner)
  await cms(owner, 'POST', '/globals/theme-settings', { notificationEmail: TEAM })
})

async function paidOrders(n: number): Promise<string[]> {
  const owner = new Client(two.servers[0]!.url, { forwardedFor: '192.0.2.3' })
  await signIn(owner)
  const shirt = await createShirt(owner, { price: 20, stock: n })
  const numbers = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const server = two.servers[i % 2]!
      const result = await checkout(new Buyer(server.url, { forwardedFor: `198.51.100.${ip++}` }), [
        { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '20.00' },
      ])
      expect(result.body.status).toBe('paid')
      return result.orderId.slice(0, 8)
    }),
  )
  return numbers
}

describe('emails with two servers on one database', () => {
  it('the database was prepared once: one owner, one copy of the demo content', async () => {
    expect(await two.db.query(`SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 1 }])
    expect(await two.db.query(`SELECT count(*)::int AS n FROM links`)).toEqual([{ n: 7 }])
  })

  it('20 paid orders spread across both servers make exactly 20 confirmations, 20 team notifications and one low-stock alert', async () => {
    const numbers = await paidOrders(20)
    await two.smtp.waitFor(
      () =>
        numbers.every((n) => count(subjects('alex@example.com'), n) >= 1 && count(subjects(TEAM), n) >= 1) &&
        count(subjects(TEAM), 'Low stock:') >= 1,
      60_000,
    )
    // Both runners keep polling; give a duplicate every chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 6000))
    for (const n of numbers) {
      expect(count(subjects('alex@example.com'), `order #${n}`), `confirmation of ${n}`).toBe(1)
      expect(count(subjects(TEAM), `New order #${n}`), `notification of ${n}`).toBe(1)
    }
    // The size fell through its alert level (3) once: one alert, not one per sale after it.
    expect(count(subjects(TEAM), 'Low stock:')).toBe(1)
    expect(two.smtp.messages).toHaveLength(41)
  }, 120_000)

  it('with the mail server down, every email arrives once after it is back', async () => {
    await two.smtp.stop()
    const before = two.smtp.messages.length
    const alertsBefore = count(subjects(TEAM), 'Low stock:')
    const numbers = await paidOrders(4)
    // The mail server stays down until every order email has failed twice: a retry after a
    // failure, not only the first attempt, has met the closed port.
    const orderJobs = async () =>
      (await two.db.emailJobs()).filter((j) => numbers.some((n) => j.input.subject.includes(n)))
    const deadline = Date.now() + 60_000
    let jobs = await orderJobs()
    while (!(jobs.length === 8 && jobs.every((j) => Number(j.total_tried) >= 2)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      jobs = await orderJobs()
    }
    // Attempts failed meanwhile and nothing was given up.
    expect(jobs).toHaveLength(8)
    expect(jobs.every((j) => j.completed_at === null && !j.has_error && Number(j.total_tried) >= 2)).toBe(true)

    await two.smtp.start(two.smtpPort)
    await two.smtp.waitFor(
      () =>
        numbers.every((n) => count(subjects('alex@example.com'), n) >= 1 && count(subjects(TEAM), n) >= 1) &&
        count(subjects(TEAM), 'Low stock:') > alertsBefore,
      90_000,
    )
    await new Promise((resolve) => setTimeout(resolve, 4000))
    // Eight order emails and the size's one low-stock alert (4 in stock, sold out).
    expect(count(subjects(TEAM), 'Low stock:')).toBe(alertsBefore + 1)
    expect(two.smtp.messages.length - before).toBe(9)
    for (const n of numbers) expect(count(subjects('alex@example.com'), n) + count(subjects(TEAM), n)).toBe(2)
  }, 180_000)
})
