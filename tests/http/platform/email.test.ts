// A server of its own: it stops and starts the mail server the site sends through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../../scripts/lib/freePort'
import { Buyer, checkout, cms, createShirt } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { useSite } from '../../helpers/site'
import { TestSmtp } from '../../helpers/smtp'

/** Order and subscriber emails through the persisted queue, against a real SMTP server. */

let smtp: TestSmtp
let smtpPort: number
let ip = 10
const NOTIFY = ['band@example.com', 'merch@example.com']

beforeAll(async () => {
  smtpPort = await freePort()
  smtp = await new TestSmtp().start(smtpPort)
})
// Registered before the site's hooks, so it stops after the server.
afterAll(() => smtp?.stop())
const site = useSite('192.0.2.2', () => ({
  PAYMENT_PROVIDER: 'test',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'shop@band.example',
}))
beforeAll(() => cms(site.owner, 'POST', '/globals/theme-settings', { notificationEmail: NOTIFY.join(', ') }))
const buyer = () => new Buyer(site.server.url, { forwardedFor: `192.0.2.${ip++}` })

describe('emails when an order is paid', () => {
  it('the customer gets a confirmation with items, options, quantities, totals, address and order number; every notification address is told', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5, name: 'Tour Tee <Limited>' })
    const b = buyer()
    const result = await checkout(b, [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 2, price: '25.00' },
    ])
    expect(result.body.status).toBe('paid')
    const number = result.orderId.slice(0, 8)

    await smtp.waitFor(
      () =>
        smtp.to('alex@example.com').some((m) => m.subject?.includes(number)) &&
        NOTIFY.every((a) => smtp.to(a).some((m) => m.subject?.includes(number))),
    )
    const confirmation = smtp.to('alex@example.com').find((m) => m.subject?.includes(number))!
    expect(confirmation.subject).toBe(`Your order #${number} from The Midnight Static`)
    expect(confirmation.from?.text).toContain('shop@band.example')
    for (const text of [
      `Order #${number}`,
      '2 x Tour Tee <Limited> (Size: M) at $25.00 = $50.00',
      'Subtotal: $50.00',
      'Shipping: $5.00',
      'Total:    $55.00',
      '123 Main Street',
      'Portland, OR 97201',
    ]) {
      expect(confirmation.text).toContain(text)
    }
    // Customer text is escaped in the HTML part.
    expect(confirmation.html).toContain('Tour Tee &lt;Limited&gt;')
    expect(confirmation.html).not.toContain('<Limited>')

    for (const address of NOTIFY) {
      const notice = smtp.to(address).find((m) => m.subject?.includes(number))!
      expect(notice.subject).toBe(`New order #${number}: $55.00`)
      expect(notice.text).toContain('alex@example.com')
      expect(notice.text).toContain('555-123-4567')
    }
  })

  it('a declined payment sends nothing', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const result = await checkout(
      buyer(),
      [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }],
      { testOutcome: 'declined' },
    )
    expect(result.body.status).toBe('failed')
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(smtp.messages.some((m) => m.subject?.includes(result.orderId.slice(0, 8)))).toBe(false)
  })
})

describe('emails when someone subscribes', () => {
  it('a confirmed subscriber notifies every notification address once; signing up or confirming again sends nothing more', async () => {
    const visitor = new Client(site.server.url, { forwardedFor: '192.0.2.200' })
    expect((await visitor.post('/api/newsletter/subscribe', { email: 'Fan@Example.com' })).status).toBe(200)
    await smtp.waitFor(() => smtp.to('fan@example.com').some((m) => m.subject?.startsWith('Please confirm')))
    const link = smtp.to('fan@example.com')[0]!.text!.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)![0]
    const path = new URL(link).pathname + new URL(link).search
    expect((await visitor.get(path)).status).toBe(200)
    await smtp.waitFor(() =>
      NOTIFY.every((a) => smtp.to(a).some((m) => m.subject === 'New newsletter subscriber: fan@example.com')),
    )
    expect((await visitor.post('/api/newsletter/subscribe', { email: 'fan@example.com' })).status).toBe(200)
    expect((await visitor.get(path)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    for (const a of NOTIFY)
      expect(smtp.to(a).filter((m) => m.subject === 'New newsletter subscriber: fan@example.com')).toHaveLength(1)
  })
})

describe('with the mail server down', () => {
  it('the order is still paid, and its emails go out once the mail server is back', async () => {
    await smtp.stop()
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const b = buyer()
    const result = await checkout(b, [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' },
    ])
    expect(result).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await b.json('GET', `/api/orders/${result.orderId}`)).toMatchObject({ body: { status: 'paid' } })
    const number = result.orderId.slice(0, 8)

    // The queue tries, fails and keeps the email for a later attempt.
    const deadline = Date.now() + 20_000
    while (
      !(await site.db.emailJobs('alex@example.com')).some(
        (j) => j.input.subject.includes(number) && Number(j.total_tried) >= 1,
      )
    ) {
      if (Date.now() > deadline) throw new Error('The email was never attempted')
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
    const pending = (await site.db.emailJobs('alex@example.com')).find((j) => j.input.subject.includes(number))!
    expect(pending.completed_at).toBeNull()

    smtp = await new TestSmtp().start(smtpPort)
    await smtp.waitFor(
      () =>
        smtp.to('alex@example.com').some((m) => m.subject?.includes(number)) &&
        NOTIFY.every((a) => smtp.to(a).some((m) => m.subject?.includes(number))),
      60_000,
    )
    expect(smtp.to('alex@example.com').filter((m) => m.subject?.includes(number))).toHaveLength(1)
  }, 90_000)
})
