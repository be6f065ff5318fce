import { expect, test } from '@playwright/test'
import type { ParsedMail } from 'mailparser'

import { CUSTOMER } from '../helpers/checkoutForm'
import { Client } from '../helpers/http'
import { recipients, startMailbox, type Mailbox } from '../helpers/smtp'

import { waitForHydration } from './fixtures'
import { OWNER, startSite, type Site } from './support'

/**
 * Every email speaks as the band: its From name is the band's name (the address stays MAIL_FROM),
 * for a fan's newsletter emails, a buyer's order emails and the team's own; and no text puts a
 * second "the" before a name that has its own ("The Midnight Static").
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const BAND = 'The Midnight Static'
const FROM = 'shop@band.test'
const NOTIFY = 'merch@band.test'

let site: Site
let mailbox: Mailbox
let team: Client

test.beforeAll(async () => {
  test.setTimeout(120_000)
  mailbox = await startMailbox()
  site = await startSite({ SMTP_URL: mailbox.url, MAIL_FROM: FROM, PAYMENT_PROVIDER: 'test' })
  team = new Client(site.url)
  expect((await team.post('/api/auth/login', OWNER)).status).toBe(200)
  expect((await team.json('PUT', '/api/admin/band-profile', { name: BAND })).status).toBe(200)
  expect((await team.json('PUT', '/api/admin/theme-settings', { notificationEmail: NOTIFY })).status).toBe(200)
})

test.afterAll(async () => {
  await site?.stop()
  await mailbox?.close()
})

const to = (address: string) => (m: ParsedMail) => recipients(m).includes(address)
const fromOf = (m: ParsedMail) => m.from?.value[0]

test('a fan who signs up gets the confirmation and the welcome from the band', async ({ page }) => {
  const fan = 'static-fan@fans.test'
  await expect(async () => {
    await page.goto(site.url)
    await waitForHydration(page, { timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  await page.getByRole('textbox', { name: 'Email address' }).fill(fan)
  await page.getByRole('button', { name: 'Subscribe' }).click()

  const confirmation = await mailbox.waitFor((m) => to(fan)(m) && /confirm/i.test(m.subject ?? ''))
  expect(fromOf(confirmation)).toEqual({ name: BAND, address: FROM })
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[^\s"<]+/.exec(confirmation.text ?? '')![0]
  await page.goto(link)
  await expect(page.getByRole('heading', { name: "You're subscribed!" })).toBeVisible()

  const welcome = await mailbox.waitFor((m) => to(fan)(m) && /welcome/i.test(m.subject ?? ''))
  expect(welcome.subject).toBe(`Welcome to ${BAND} newsletter`)
  expect(fromOf(welcome)).toEqual({ name: BAND, address: FROM })
})

test("a buyer's confirmation and shipped emails, and the team's notices, come from the band", async () => {
  const product = await team.json('POST', '/api/admin/products', {
    name: 'Static Tee',
    price: '25.00',
    inventory: 5,
    isActive: true,
  })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const buyer = new Client(site.url, { forwardedFor: '198.51.100.7' })
  let checkoutCookie = ''
  const step = async (path: string, body: unknown) => {
    const res = await buyer.request('POST', path, body, checkoutCookie ? { Cookie: checkoutCookie } : {})
    const set = res.headers.getSetCookie().find((c) => c.startsWith('checkout-orders='))
    if (set) checkoutCookie = set.split(';')[0]!
    const json = await res.json()
    expect(res.status, `${path}: ${JSON.stringify(json)}`).toBeLessThan(300)
    return json
  }
  const order = await step('/api/orders', {
    ...CUSTOMER,
    customerEmail: 'buyer@fans.test',
    items: [{ productId: product.body.id, productOptionId: null, quantity: 1, price: '25.00' }],
  })
  await step('/api/checkout/bind', { orderId: order.id })
  const payment = await step('/api/paypal/order', { amount: order.totalAmount, currency: 'USD', intent: 'CAPTURE' })
  expect((await step(`/api/paypal/order/${payment.id}/capture`, {})).status).toBe('paid')
  const number = String(order.id).slice(0, 8)

  const confirmation = await mailbox.waitFor((m) => to('buyer@fans.test')(m) && !!m.subject?.includes(number))
  expect(fromOf(confirmation)).toEqual({ name: BAND, address: FROM })
  const notice = await mailbox.waitFor((m) => to(NOTIFY)(m) && !!m.subject?.includes(number))
  expect(fromOf(notice)).toEqual({ name: BAND, address: FROM })

  const shipped = await team.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'shipped' })
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200)
  const shippedMail = await mailbox.waitFor((m) => to('buyer@fans.test')(m) && /shipped/i.test(m.subject ?? ''))
  expect(fromOf(shippedMail)).toEqual({ name: BAND, address: FROM })
})

test('an invitation comes from the band too, and no email says "the The"', async () => {
  const invited = await team.json('POST', '/api/admin/users/invite', { email: 'crew@band.test', role: 'viewer' })
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300)
  const invitation = await mailbox.waitFor(to('crew@band.test'))
  expect(fromOf(invitation)).toEqual({ name: BAND, address: FROM })

  expect(mailbox.messages.length).toBeGreaterThanOrEqual(6)
  for (const mail of mailbox.messages) {
    expect(fromOf(mail)?.name, `From of "${mail.subject}"`).toBe(BAND)
    for (const text of [mail.subject ?? '', mail.text ?? '', String(mail.html || '')])
      expect(text, `"${mail.subject}"`).not.toMatch(/\bthe\s+the\b/i)
  }
})
