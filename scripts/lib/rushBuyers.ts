/** The parties of a merch-table rush: web buyers through the whole checkout, phones at the table, and the shirt. */

import http from 'node:http'
import https from 'node:https'

/** Kept-alive connections, as a phone's browser keeps its connection to the site between steps. */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) }

type Answer = { status: number; json: Record<string, unknown>; cookies: string[] }

/**
 * A JSON POST through Node's own HTTP client: the same request a browser sends, at a fraction of
 * fetch's CPU, so a hundred buyers in this one process take less of the machine the server runs on.
 */
function postJson(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const target = new URL(url)
  const client = target.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        agent: agents[target.protocol as 'http:'],
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          let json: Record<string, unknown> = {}
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
          } catch {
            // Not JSON: the status tells.
          }
          const setCookie = res.headers['set-cookie']
          resolve({ status: res.statusCode ?? 0, json, cookies: setCookie ?? [] })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

export type Step = 'create' | 'bind' | 'payment' | 'capture'
export const STEPS: Step[] = ['create', 'bind', 'payment', 'capture']

/** A 400 whose discount-code field says the code has no uses left. */
const ranOut = (json: Record<string, unknown>) =>
  String((json.errors as Record<string, unknown> | undefined)?.discountCode ?? '').includes('run out')

export type Outcome = {
  stoppedAt: Step | null
  statuses: number[]
  paid: boolean
  times: Partial<Record<Step, number>>
  /** The message of the answer that stopped the buyer, if any. */
  refusal?: string
}

/**
 * How a buyer checks out: from its own address (`spread`, an X-Forwarded-For per buyer), typing a
 * discount code, and with the server's CPU time per step when `cpuNow` reads it.
 */
export type BuyerOptions = {
  spread?: boolean
  discountCode?: string
  cpu?: Partial<Record<Step, number>>
  cpuNow?: () => number
}

/** Buyer number `n` orders one of the shirt's size and pays; a code that ran out means ordering again without it. */
export async function buyer(
  base: string,
  productId: string,
  optionId: string,
  n: number,
  { spread, discountCode, cpu, cpuNow }: BuyerOptions = {},
): Promise<Outcome> {
  let cookie = ''
  const times: Partial<Record<Step, number>> = {}
  const statuses: number[] = []
  const call = async (step: Step, path: string, body: unknown) => {
    const cpuStart = cpuNow?.()
    const started = performance.now()
    const res = await postJson(
      base + path,
      {
        'Content-Type': 'application/json',
        Origin: base,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(spread ? { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } : {}),
      },
      JSON.stringify(body),
    )
    times[step] = performance.now() - started
    if (cpu && cpuNow && cpuStart !== undefined) cpu[step] = cpuNow() - cpuStart
    statuses.push(res.status)
    const set = res.cookies.find((c) => c.startsWith('checkout-orders='))
    if (set) cookie = set.split(';')[0]!
    return { status: res.status, json: res.json }
  }
  const created = await call('create', '/api/orders', {
    customerName: `Fan ${n}`,
    customerEmail: `fan${n}@example.com`,
    customerPhone: '555-123-4567',
    shippingAddress: { street: '123 Main Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
    items: [{ productId, productOptionId: optionId, quantity: 1, price: '25.00' }],
    ...(discountCode ? { discountCode } : {}),
  })
  if (created.status !== 201 && discountCode && created.status === 400 && ranOut(created.json)) {
    // Told at checkout that the code ran out (it was used up meanwhile): the buyer orders at full price.
    const again = await buyer(base, productId, optionId, n, { spread, cpu, cpuNow })
    return { ...again, statuses: [...statuses, ...again.statuses] }
  }
  // The buyer stops at `step`, with the message of the answer that stopped it.
  const stop = (step: Step, { json }: { json: Record<string, unknown> }): Outcome => ({
    stoppedAt: step,
    statuses,
    paid: false,
    times,
    refusal: typeof json.message === 'string' ? json.message : undefined,
  })
  if (created.status !== 201) return stop('create', created)
  const bound = await call('bind', '/api/checkout/bind', { orderId: created.json.id })
  if (bound.status !== 200) return stop('bind', bound)
  const payment = await call('payment', '/api/paypal/order', {
    amount: created.json.totalAmount,
    currency: 'USD',
    intent: 'CAPTURE',
  })
  if (payment.status !== 200) return stop('payment', payment)
  const captured = await call('capture', `/api/paypal/order/${String(payment.json.id)}/capture`, {})
  const paid = captured.status === 200 && captured.json.status === 'paid'
  if (!paid && discountCode && captured.status === 409 && String(captured.json.message).includes('ran out')) {
    // Told the code ran out before paying: the buyer orders again at full price.
    const again = await buyer(base, productId, optionId, n, { spread, cpu, cpuNow })
    return { ...again, statuses: [...statuses, ...again.statuses] }
  }
  return paid ? { stoppedAt: null, statuses, paid, times } : stop('capture', captured)
}

/**
 * One phone at the merch table: `sales` sales of one shirt each, every one sent twice at once (a
 * retry on a weak signal). Answers the statuses and each sale's answer.
 */
export async function tillPhone(base: string, token: string, productId: string, optionId: string, sales: number) {
  const statuses: number[] = []
  const times: number[] = []
  const flagged: number[] = []
  for (let i = 0; i < sales; i++) {
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      at: new Date().toISOString(),
      items: [{ productId, productOptionId: optionId, quantity: 1, unitPrice: '25.00' }],
      payment: i % 2 === 0 ? 'cash' : 'card',
    })
    const send = async () => {
      const started = performance.now()
      const res = await postJson(
        `${base}/api/till/${token}/sales`,
        { 'Content-Type': 'application/json', Origin: base },
        body,
      )
      const json = res.json as { lines?: { oversold: number }[] }
      times.push(performance.now() - started)
      statuses.push(res.status)
      return json
    }
    const [first] = await Promise.all([send(), send()])
    flagged.push(first.lines?.[0]?.oversold ?? 0)
  }
  return { statuses, times, flagged }
}

/** A new active shirt with one size (M) holding `stock`, created through the team API. */
export async function makeShirt(
  team: (path: string, init?: RequestInit) => Promise<Response>,
  name: string,
  stock: number,
): Promise<{ productId: string; optionId: string }> {
  const productRes = await team('/api/admin/products', {
    method: 'POST',
    body: JSON.stringify({
      name: `${name} ${Date.now()}`,
      price: '25.00',
      inventory: 0,
      isActive: true,
      isFeatured: false,
    }),
  })
  if (productRes.status !== 201 && productRes.status !== 200)
    throw new Error(`Creating the shirt failed: ${productRes.status} ${await productRes.text()}`)
  const productId = ((await productRes.json()) as { id: string }).id
  const optionRes = await team(`/api/admin/products/${productId}/options`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Size', value: 'M', priceAdjustment: '0.00', inventory: stock, isActive: true }),
  })
  if (optionRes.status !== 201)
    throw new Error(`Creating the size failed: ${optionRes.status} ${await optionRes.text()}`)
  return { productId, optionId: ((await optionRes.json()) as { id: string }).id }
}
