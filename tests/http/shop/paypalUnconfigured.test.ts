import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Buyer, createShirt, orderBody } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { startServer } from '../../helpers/server'
import { OWNER_ENV, signIn } from '../../helpers/site'

/** Payments on a site started without PayPal credentials. */

// The worker's shared site is a plain start on a loopback address; the other cases start a server
// of their own, since each needs settings of its own (SITE_URL, PAYMENT_PROVIDER, NODE_ENV).
const shared = useAdminSite()

const signedInOwner = (base: string, origin: string) =>
  signIn(new Client(base, { forwardedFor: '203.0.113.3', origin }))

const NOT_CONFIGURED = 'Payments are not configured on this site yet. Please try again later.'

/** Asking to pay for the visitor's bound order answers 503: payments are not configured. */
async function expectNoPayment(visitor: Buyer) {
  const pay = await visitor.json('POST', '/api/paypal/order', { amount: '30.00', currency: 'USD', intent: 'CAPTURE' })
  expect(pay).toMatchObject({ status: 503, body: { message: NOT_CONFIGURED } })
}

describe('without PayPal credentials', () => {
  it('a plain `npm start` (no NODE_ENV) offers the built-in test payments', async () => {
    const demo = shared.server
    const setup = await new Buyer(demo.url, { forwardedFor: shared.address() }).json('GET', '/api/paypal/setup')
    expect(setup).toMatchObject({ status: 200, body: { provider: 'test' } })
    expect(demo.output()).toContain('Payments: built-in test provider')
  })

  it('a plain `npm start` for a public SITE_URL without PAYMENT_PROVIDER=test takes no payment and says so at start', async () => {
    const site = 'https://shop.band.example'
    const bare = await startServer({ SITE_URL: site, ...OWNER_ENV })
    try {
      expect(bare.output()).toContain('Payments: not configured')
      const visitor = new Buyer(bare.url, { forwardedFor: '203.0.113.248', origin: site })
      const setup = await visitor.json('GET', '/api/paypal/setup')
      expect(setup).toMatchObject({
        status: 200,
        body: { provider: 'none', message: NOT_CONFIGURED },
      })
      const shirt = await createShirt(await signedInOwner(bare.url, site), { price: 25 })
      const created = await visitor.json(
        'POST',
        '/api/orders',
        orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
      )
      expect(created.status).toBe(201)
      expect((await visitor.json('POST', '/api/checkout/bind', { orderId: created.body.id })).status).toBe(200)
      await expectNoPayment(visitor)
    } finally {
      await bare.discard()
    }
  }, 120_000)

  it('PAYMENT_PROVIDER=test is the explicit choice of test payments for a public SITE_URL', async () => {
    const site = 'https://shop.band.example'
    const demo = await startServer({ SITE_URL: site, PAYMENT_PROVIDER: 'test' })
    try {
      expect(demo.output()).toContain('Payments: built-in test provider')
      const setup = await new Buyer(demo.url, { forwardedFor: '203.0.113.247', origin: site }).json(
        'GET',
        '/api/paypal/setup',
      )
      expect(setup).toMatchObject({ status: 200, body: { provider: 'test' } })
    } finally {
      await demo.discard()
    }
  }, 120_000)

  it('in production, setup says payments are not configured and creating a payment answers 503', async () => {
    const bare = await startServer({ NODE_ENV: 'production' })
    try {
      const visitor = new Buyer(bare.url, { forwardedFor: '203.0.113.250' })
      const setup = await visitor.json('GET', '/api/paypal/setup')
      expect(setup).toMatchObject({
        status: 200,
        body: {
          provider: 'none',
          clientToken: null,
          message: NOT_CONFIGURED,
        },
      })
      await expectNoPayment(visitor)
    } finally {
      await bare.discard()
    }
  }, 120_000)
})
