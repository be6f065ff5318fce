import pg from 'pg'
import { expect } from 'vitest'

import { CUSTOMER } from './checkoutForm'
import { Client } from './http'

/** An anonymous browser at checkout: keeps the signed checkout cookie the site sets. */
export class Buyer extends Client {
  checkoutCookie: string | null = null

  override async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const h = this.checkoutCookie ? { Cookie: this.checkoutCookie, ...headers } : headers
    const res = await super.request(method, path, body, h)
    const set = res.headers.getSetCookie().find((c) => c.startsWith('checkout-orders='))
    if (set) this.checkoutCookie = set.split(';')[0]!
    return res
  }
}

export type Line = { productId: string; productOptionId?: string | null; quantity: number; price: string }

export const orderBody = (items: Line[], customer: Partial<typeof CUSTOMER> = {}) => ({
  ...CUSTOMER,
  ...customer,
  items: items.map((i) => ({ productOptionId: null, ...i })),
})

/** Owner-side set-up through Payload's REST API, as /cms does. */
export async function cms(owner: Client, method: string, path: string, body?: unknown) {
  const { status, body: json } = await owner.json(method, `/api/cms${path}`, body)
  expect(status, JSON.stringify(json)).toBeLessThan(300)
  return json.doc ?? json
}

export async function createShirt(
  owner: Client,
  { price = 25, stock = 5, name = `Test Tee ${Math.random().toString(36).slice(2, 8)}` } = {},
) {
  const product = await cms(owner, 'POST', '/products', { name, price, inventory: 0, isActive: true, isFeatured: true })
  const option = await cms(owner, 'POST', '/product-options', {
    productId: product.id,
    name: 'Size',
    value: 'M',
    priceAdjustment: 0,
    inventory: stock,
    isActive: true,
  })
  return { productId: product.id as string, optionId: option.id as string, name }
}

/** A new 25.00 shirt in size M (in stock 5 unless said), ordered once by `buyer` and bound to its browser. */
export async function boundShirtOrder(owner: Client, buyer: Buyer, stock?: number) {
  const made = await createShirt(owner, { price: 25, stock })
  const created = await buyer.json(
    'POST',
    '/api/orders',
    orderBody([{ productId: made.productId, productOptionId: made.optionId, quantity: 1, price: '25.00' }]),
  )
  await buyer.post('/api/checkout/bind', { orderId: created.body.id })
  return { shirt: made, created }
}

export async function createProduct(owner: Client, { price = 30, stock = 10 } = {}) {
  const product = await cms(owner, 'POST', '/products', {
    name: `Test Vinyl ${Math.random().toString(36).slice(2, 8)}`,
    price,
    inventory: stock,
    isActive: true,
  })
  return product.id as string
}

/** Direct reads of the server's database, to check what a visitor cannot see. */
export class Db {
  private pool: pg.Pool
  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 })
  }
  async optionStock(id: string) {
    return Number(
      (await this.pool.query('SELECT inventory FROM product_options WHERE id = $1', [id])).rows[0].inventory,
    )
  }
  async productStock(id: string) {
    return Number((await this.pool.query('SELECT inventory FROM products WHERE id = $1', [id])).rows[0].inventory)
  }
  async order(id: string) {
    return (await this.pool.query('SELECT * FROM orders WHERE id = $1', [id])).rows[0]
  }
  async items(orderId: string) {
    return (await this.pool.query('SELECT * FROM order_items WHERE order_id_id = $1 ORDER BY created_at', [orderId]))
      .rows
  }
  async emailJobs(to?: string) {
    const rows = (
      await this.pool.query(
        `SELECT input, completed_at, has_error, total_tried FROM payload_jobs WHERE task_slug = 'sendEmail' ORDER BY created_at`,
      )
    ).rows
    return to ? rows.filter((r) => r.input.to === to) : rows
  }
  /** The emails queued to tell the buyer (CUSTOMER) that order `orderId` was refunded. */
  async refundEmails(orderId: string) {
    return (await this.emailJobs(CUSTOMER.customerEmail)).filter(
      (j) => j.input.subject === `Your order #${orderId.slice(0, 8)} has been refunded`,
    )
  }
  async query(text: string, values: unknown[] = []) {
    return (await this.pool.query(text, values)).rows
  }
  end() {
    return this.pool.end()
  }
}

export type CheckoutResult = {
  stage: 'create' | 'bind' | 'payment' | 'capture'
  status: number
  body: any
  orderId: string
  paypalOrderId: string
}

/**
 * Create → bind → provider order, as the checkout page does before the buyer approves the payment;
 * stops at the first refusal. At stage 'payment' with status 200 the payment waits for its capture
 * (`paypalOrderId`). The buyer is CUSTOMER, with `customer`'s fields instead where given, typing
 * `discountCode` when given.
 */
export async function startPayment(
  buyer: Buyer,
  items: Line[],
  { customer = {}, discountCode }: { customer?: Partial<typeof CUSTOMER>; discountCode?: string } = {},
): Promise<CheckoutResult> {
  const created = await buyer.json('POST', '/api/orders', {
    ...orderBody(items, customer),
    ...(discountCode ? { discountCode } : {}),
  })
  if (created.status !== 201)
    return { stage: 'create', status: created.status, body: created.body, orderId: '', paypalOrderId: '' }
  const orderId = created.body.id as string
  const bound = await buyer.json('POST', '/api/checkout/bind', { orderId })
  if (bound.status !== 200) return { stage: 'bind', status: bound.status, body: bound.body, orderId, paypalOrderId: '' }
  const payment = await buyer.json('POST', '/api/paypal/order', {
    amount: created.body.totalAmount,
    currency: 'USD',
    intent: 'CAPTURE',
  })
  const paypalOrderId = payment.status === 200 ? (payment.body.id as string) : ''
  return { stage: 'payment', status: payment.status, body: payment.body, orderId, paypalOrderId }
}

/**
 * Create → bind → provider order → capture, as the checkout page does; stops at the first refusal.
 * The buyer is CUSTOMER, with `customer`'s fields instead where given.
 */
export async function checkout(
  buyer: Buyer,
  items: Line[],
  captureBody?: unknown,
  customer: Partial<typeof CUSTOMER> = {},
): Promise<CheckoutResult> {
  const started = await startPayment(buyer, items, { customer })
  if (started.stage !== 'payment' || started.status !== 200) return started
  const { orderId, paypalOrderId } = started
  const captured = await buyer.json('POST', `/api/paypal/order/${paypalOrderId}/capture`, captureBody)
  return { stage: 'capture', status: captured.status, body: captured.body, orderId, paypalOrderId }
}
