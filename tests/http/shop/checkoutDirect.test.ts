import { beforeAll, describe, expect, it } from 'vitest'

import { Buyer, createShirt, orderBody } from '../../helpers/checkout'
import { useAdminSite } from '../../helpers/adminSite'

/**
 * The checkout's four steps are answered by their handlers without Next once each route has been
 * loaded (scripts/lib/directRoutes.cjs): the answers must be the ones Next gives, with the headers
 * next.config.ts gives every answer, and now with their length.
 */
const site = useAdminSite({ db: true })
const buyer = () => new Buyer(site.server.url, { forwardedFor: site.address() })

const STEPS = ['/api/orders', '/api/checkout/bind', '/api/paypal/order', '/api/paypal/order/TEST-0/capture']
/** The headers next.config.ts gives every answer, and the API's own Cache-Control. */
const SAME = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'x-content-type-options',
  'cache-control',
]

/** The headers of SAME on a POST that Next itself answers (the quote, a route it keeps). */
let nextHeaders: Record<string, string | null>

beforeAll(async () => {
  // Each step's route is loaded (and so registered) by a first request, as on a site that has served.
  for (const path of STEPS) expect((await buyer().post(path, {})).status).toBeLessThan(500)
  const quote = await buyer().post('/api/checkout/quote', {})
  expect(quote.status).toBe(400)
  nextHeaders = Object.fromEntries(SAME.map((name) => [name, quote.headers.get(name)]))
  expect(nextHeaders['content-security-policy']).toContain("frame-ancestors 'none'")
})

/** The answer's body, after checking it came whole with its length and Next's headers. */
async function checked(res: Response, step: string): Promise<any> {
  const bytes = Buffer.from(await res.arrayBuffer())
  expect(res.headers.get('content-length'), step).toBe(String(bytes.length))
  expect(res.headers.get('transfer-encoding'), step).toBeNull()
  for (const name of SAME) expect(res.headers.get(name), `${step}: ${name}`).toBe(nextHeaders[name])
  return JSON.parse(bytes.toString('utf8'))
}

describe('the checkout answered without Next', () => {
  it('a whole checkout: each step answers with its length and the headers Next gives, and the order is paid once', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 3 })
    const b = buyer()
    const line = { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }

    const created = await b.post('/api/orders', orderBody([line]))
    expect(created.status).toBe(201)
    const order = await checked(created, 'create')
    expect(order).toMatchObject({ status: 'pending', totalAmount: '30.00' })

    const bound = await b.post('/api/checkout/bind', { orderId: order.id })
    expect(bound.status).toBe(200)
    expect(await checked(bound, 'bind')).toEqual({ orderId: order.id, bound: true })
    expect(bound.headers.getSetCookie().join()).toMatch(/^checkout-orders=.*HttpOnly/)

    const payment = await b.post('/api/paypal/order', { amount: '30.00', currency: 'USD', intent: 'CAPTURE' })
    expect(payment.status).toBe(200)
    const { id } = await checked(payment, 'payment')

    const captured = await b.post(`/api/paypal/order/${id}/capture`)
    expect(captured.status).toBe(200)
    expect(await checked(captured, 'capture')).toMatchObject({ status: 'paid', orderId: order.id })
    expect(await site.db.optionStock(shirt.optionId)).toBe(2)
    expect((await site.db.order(order.id)).status).toBe('paid')
  })

  it('refusals keep their status, message and headers: a forged origin, bad input, an unknown payment', async () => {
    const elsewhere = new Buyer(site.server.url, { forwardedFor: site.address(), origin: 'https://evil.example' })
    const forged = await elsewhere.post('/api/orders', {})
    expect(forged.status).toBe(403)
    await checked(forged, 'forged origin')

    const invalid = await buyer().post('/api/orders', { items: [] })
    expect(invalid.status).toBe(400)
    expect(await checked(invalid, 'invalid order')).toMatchObject({ message: 'Please check the highlighted fields.' })

    const unknown = await buyer().post('/api/paypal/order/NO-SUCH-ORDER/capture')
    expect(unknown.status).toBe(404)
    await checked(unknown, 'unknown capture')

    const secure = await buyer().post('/api/orders', { items: [] }, { 'X-Forwarded-Proto': 'https' })
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/)
    expect((await buyer().post('/api/orders', { items: [] })).headers.get('strict-transport-security')).toBeNull()
  })
})
