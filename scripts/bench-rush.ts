/**
 * A merch-table rush: B buyers race at once for K units of one shirt size through the whole
 * checkout, as the checkout page does it: POST /api/orders, POST /api/checkout/bind,
 * POST /api/paypal/order, POST /api/paypal/order/{id}/capture (built-in test payments).
 *
 *   npm run build && npm run bench:rush                      # its own throwaway database and server
 *   npm run bench:rush -- --buyers 100 --items 10
 *   npm run bench:rush -- --spread-addresses                 # each buyer from its own address
 *   npm run bench:rush -- --warm-up 0                        # race a freshly started server
 *   npm run bench:rush -- --items 100 --discount-uses 10     # every buyer types a 10%-off code good for 10 uses
 *   npm run bench:rush -- --till 5 --till-sales 4           # 5 phones at the merch table sell the same size meanwhile
 *   BENCH_OWNER_EMAIL=… BENCH_OWNER_PASSWORD=… npm run bench:rush -- http://localhost:3000
 *
 * Before the race, --warm-up N (default 5) complete checkouts of another shirt warm the server,
 * as a site that has been serving would be.
 * Against a URL it signs in as that owner (or manager) to create the shirt; the site must take
 * test payments. Prints units sold, stock left, 5xx and 429 answers, wall time, and p50/p99 per
 * step. Exits non-zero when the units sold differ from K, on any 5xx, or when a buyer was turned
 * away by the per-address rate limit (every buyer here comes from one address, like a crowd on
 * the venue's Wi-Fi, so a 429 would mean the race was not run in full).
 * With --discount-uses N every buyer types one code (10% off, N uses): a buyer told at checkout or
 * at payment that the code ran out orders again without it and pays full price; it exits non-zero unless
 * the code was used exactly min(N, K) times (the test provider refuses any payment whose item total,
 * shipping and discount do not add up, which would show as a 5xx).
 * With --till N, N phones at the show's merch table (one till link) sync --till-sales S sales each
 * (default 3) of one shirt of the same size while the web buyers race, every sale sent twice at once
 * as a phone retrying on a weak signal would. The table is never refused for stock: what it sold
 * beyond the shop's stock is flagged. It exits non-zero unless each table sale was recorded once,
 * and the units the web sold plus the table's unflagged units equal exactly the stock there was
 * (no unit sold twice across both channels; oversales only at the table, never on the web).
 */
import { BENCH_OWNER, percentile, signIn, startBenchServer, type BenchServer } from './lib/benchServer'

function option(name: string, fallback: number, least = 1): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback
  if (!Number.isInteger(value) || value < least) throw new Error(`--${name} must be a whole number of ${least} or more`)
  return value
}

const BUYERS = option('buyers', 100)
const ITEMS = option('items', 10)
/** Complete checkouts of another shirt before the race (0: race a freshly started server). */
const WARM_UP = option('warm-up', 5, 0)
/** Each buyer sends its own X-Forwarded-For, as buyers on different networks behind a proxy would. */
const SPREAD = process.argv.includes('--spread-addresses')
/** Uses of the discount code every buyer types (0: no code). */
const DISCOUNT_USES = option('discount-uses', 0, 0)
/** Phones at the merch table, and the sales each syncs during the race. */
const TILLS = option('till', 0, 0)
const TILL_SALES = option('till-sales', 3)
const givenUrl = process.argv.slice(2).find((a) => /^https?:\/\//.test(a)) ?? process.env.BENCH_URL

type Step = 'create' | 'bind' | 'payment' | 'capture'
const STEPS: Step[] = ['create', 'bind', 'payment', 'capture']

/** A 400 whose discount-code field says the code has no uses left. */
const ranOut = (json: Record<string, unknown>) =>
  String((json.errors as Record<string, unknown> | undefined)?.discountCode ?? '').includes('run out')

type Outcome = { stoppedAt: Step | null; statuses: number[]; paid: boolean; times: Partial<Record<Step, number>> }

async function buyer(
  base: string,
  productId: string,
  optionId: string,
  n: number,
  cpu?: Partial<Record<Step, number>>,
  cpuNow?: () => number,
  discountCode?: string,
): Promise<Outcome> {
  let cookie = ''
  const times: Partial<Record<Step, number>> = {}
  const statuses: number[] = []
  const call = async (step: Step, path: string, body: unknown) => {
    const cpuStart = cpuNow?.()
    const started = performance.now()
    const res = await fetch(base + path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: base,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(SPREAD ? { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } : {}),
      },
      body: JSON.stringify(body),
    })
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>
    times[step] = performance.now() - started
    if (cpu && cpuNow && cpuStart !== undefined) cpu[step] = cpuNow() - cpuStart
    statuses.push(res.status)
    const set = res.headers.getSetCookie().find((c) => c.startsWith('checkout-orders='))
    if (set) cookie = set.split(';')[0]!
    return { status: res.status, json }
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
    const again = await buyer(base, productId, optionId, n, cpu, cpuNow)
    return { ...again, statuses: [...statuses, ...again.statuses] }
  }
  if (created.status !== 201) return { stoppedAt: 'create', statuses, paid: false, times }
  const bound = await call('bind', '/api/checkout/bind', { orderId: created.json.id })
  if (bound.status !== 200) return { stoppedAt: 'bind', statuses, paid: false, times }
  const payment = await call('payment', '/api/paypal/order', {
    amount: created.json.totalAmount,
    currency: 'USD',
    intent: 'CAPTURE',
  })
  if (payment.status !== 200) return { stoppedAt: 'payment', statuses, paid: false, times }
  const captured = await call('capture', `/api/paypal/order/${String(payment.json.id)}/capture`, {})
  const paid = captured.status === 200 && captured.json.status === 'paid'
  if (!paid && discountCode && captured.status === 409 && String(captured.json.message).includes('ran out')) {
    // Told the code ran out before paying: the buyer orders again at full price.
    const again = await buyer(base, productId, optionId, n, cpu, cpuNow)
    return { ...again, statuses: [...statuses, ...again.statuses] }
  }
  return { stoppedAt: paid ? null : 'capture', statuses, paid, times }
}

/**
 * One phone at the merch table: `sales` sales of one shirt each, every one sent twice at once (a
 * retry on a weak signal). Answers the statuses and each sale's answer.
 */
async function tillPhone(base: string, token: string, productId: string, optionId: string, sales: number) {
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
      const res = await fetch(`${base}/api/till/${token}/sales`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base },
        body,
      })
      const json = (await res.json().catch(() => ({}))) as { lines?: { oversold: number }[] }
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
async function makeShirt(
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

async function main() {
  let server: BenchServer | null = null
  let base = givenUrl?.replace(/\/$/, '')
  let owner = { email: process.env.BENCH_OWNER_EMAIL ?? '', password: process.env.BENCH_OWNER_PASSWORD ?? '' }
  if (!base) {
    console.log('Starting a throwaway database and the production server...')
    server = await startBenchServer()
    base = server.url
    owner = BENCH_OWNER
  } else if (!owner.email || !owner.password) {
    throw new Error(
      'Against a URL, set BENCH_OWNER_EMAIL and BENCH_OWNER_PASSWORD (an owner or manager) to create the shirt.',
    )
  }
  try {
    const team = await signIn(base, owner.email, owner.password)
    const shirt = await makeShirt(team, 'Rush Tee', ITEMS)
    const { productId, optionId } = shirt

    // A site on the night of a rush has been serving for a while: a few complete checkouts of
    // another shirt first, so the race does not time the first load of each route and code path.
    const warm = WARM_UP > 0 ? await makeShirt(team, 'Warm-up Tee', WARM_UP) : null
    for (let i = 0; warm && i < WARM_UP; i++) {
      const outcome = await buyer(base, warm.productId, warm.optionId, 1_000_000 + i)
      if (!outcome.paid)
        throw new Error(`The warm-up checkout ${i + 1} did not complete: ${outcome.statuses.join(', ')}`)
    }

    let discount: { id: string; code: string } | null = null
    if (DISCOUNT_USES > 0) {
      const made = await team('/api/admin/discount-codes', {
        method: 'POST',
        body: JSON.stringify({
          code: `RUSH${Date.now().toString(36)}`,
          kind: 'percent',
          value: 10,
          maxUses: DISCOUNT_USES,
        }),
      })
      if (made.status !== 201) throw new Error(`Creating the discount code failed: ${made.status} ${await made.text()}`)
      discount = (await made.json()) as { id: string; code: string }
      console.log(`Every buyer types the discount code ${discount.code} (10% off, ${DISCOUNT_USES} uses).`)
    }
    let till: { showId: string; token: string } | null = null
    if (TILLS > 0) {
      const show = await team('/api/admin/shows', {
        method: 'POST',
        body: JSON.stringify({
          title: 'Rush Night',
          venue: 'The Basement',
          date: new Date().toISOString().slice(0, 10),
        }),
      })
      if (show.status !== 201) throw new Error(`Creating the show failed: ${show.status} ${await show.text()}`)
      const showId = ((await show.json()) as { id: string }).id
      const link = await team(`/api/admin/shows/${showId}/tills`, { method: 'POST', body: '{}' })
      if (link.status !== 201) throw new Error(`Creating the till link failed: ${link.status} ${await link.text()}`)
      till = { showId, token: ((await link.json()) as { token: string }).token }
      console.log(`${TILLS} phones at the merch table sync ${TILL_SALES} sales each of the same size meanwhile.`)
    }
    console.log(
      `${BUYERS} buyers race for ${ITEMS} of ${base}'s shirt (size M), all at once, ${SPREAD ? 'each from its own address' : 'all from one address'}...`,
    )
    const cpuBefore = server?.cpuMs()
    const started = performance.now()
    // The phones start first: the table was already selling when the web's crowd arrived.
    const [phones, outcomes] = await Promise.all([
      Promise.all(
        Array.from({ length: till ? TILLS : 0 }, () => tillPhone(base!, till!.token, productId, optionId, TILL_SALES)),
      ),
      Promise.all(
        Array.from({ length: BUYERS }, (_, n) =>
          buyer(base!, productId, optionId, n, undefined, undefined, discount?.code),
        ),
      ),
    ])
    const wall = performance.now() - started
    const cpuAfter = server?.cpuMs()

    const options = (await (await team(`/api/admin/products/${productId}/options`)).json()) as {
      id: string
      inventory: number
    }[]
    const left = options.find((o) => o.id === optionId)?.inventory
    const sold = outcomes.filter((o) => o.paid).length
    const all = outcomes.flatMap((o) => o.statuses)
    const fivexx = all.filter((s) => s >= 500).length
    const limited = all.filter((s) => s === 429).length

    const discountUses = discount
      ? ((await (await team(`/api/admin/discount-codes/${discount.id}`)).json()) as { uses: number; revenue: string })
      : null

    const table = till
      ? ((await (await team(`/api/admin/shows/${till.showId}/settlement`)).json()) as {
          sales: number
          lines: { productOptionId: string | null; sold: number; oversold: number }[]
        })
      : null
    const tableLine = table?.lines.find((l) => l.productOptionId === optionId)
    const tableSold = tableLine?.sold ?? 0
    const tableFlagged = tableLine?.oversold ?? 0
    const tableStatuses = phones.flatMap((p) => p.statuses)
    const tableTimes = phones.flatMap((p) => p.times).sort((a, b) => a - b)

    console.log('')
    console.log(`sold          ${sold} of ${ITEMS}${till ? ' on the web' : ''}`)
    if (till) {
      console.log(
        `at the table  ${tableSold} recorded of ${TILLS * TILL_SALES} sales sent twice each (${tableStatuses.filter((s) => s === 201).length} × 201, ${tableStatuses.filter((s) => s === 200).length} × 200), ${tableFlagged} flagged beyond stock`,
      )
      console.log(
        `from stock    ${sold} web + ${tableSold - tableFlagged} table = ${sold + tableSold - tableFlagged} of ${ITEMS}`,
      )
      console.log(
        `table sync    p50 ${percentile(tableTimes, 50).toFixed(0)} ms, p99 ${percentile(tableTimes, 99).toFixed(0)} ms`,
      )
    }
    if (discountUses)
      console.log(`with the code ${discountUses.uses} of ${DISCOUNT_USES} uses (revenue $${discountUses.revenue})`)
    console.log(`stock left    ${left}`)
    console.log(`5xx answers   ${fivexx}`)
    console.log(`429 answers   ${limited}`)
    console.log(`wall time     ${(wall / 1000).toFixed(2)} s`)
    if (cpuBefore && cpuAfter) {
      console.log(
        `CPU time      web server ${((cpuAfter.server - cpuBefore.server) / 1000).toFixed(2)} s, database ${((cpuAfter.database - cpuBefore.database) / 1000).toFixed(2)} s (the machine's load does not change these much)`,
      )
    }
    console.log(
      `refused at    ${STEPS.map((s) => `${s} ${outcomes.filter((o) => o.stoppedAt === s).length}`).join(', ')}`,
    )
    console.log('')
    console.log('step       calls     p50 ms    p99 ms    max ms')
    for (const step of STEPS) {
      const times = outcomes.flatMap((o) => (o.times[step] === undefined ? [] : [o.times[step]!])).sort((a, b) => a - b)
      const row = [
        step.padEnd(8),
        String(times.length).padStart(7),
        ...[50, 99, 100].map((p) => percentile(times, p).toFixed(0).padStart(9)),
      ]
      console.log(row.join(' '))
    }
    // One buyer at a time: what each step costs the server on its own, whatever the machine's load.
    const calmOption = await team(`/api/admin/products/${productId}/options`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Size', value: 'L', priceAdjustment: '0.00', inventory: 1000, isActive: true }),
    })
    const calmId = ((await calmOption.json()) as { id: string }).id
    const single: { times: Partial<Record<Step, number>>; cpu: Partial<Record<Step, number>> }[] = []
    for (let n = 0; n < 20; n++) {
      const cpu: Partial<Record<Step, number>> = {}
      const outcome = await buyer(
        base,
        productId,
        calmId,
        BUYERS + n,
        cpu,
        server ? () => server.cpuMs().server : undefined,
      )
      single.push({ times: outcome.times, cpu })
    }
    console.log('')
    console.log(`one buyer at a time (20 orders)${server ? '' : ' (CPU only with the bench’s own server)'}`)
    console.log('step     median ms   web server CPU ms (mean)')
    for (const step of STEPS) {
      const med = (values: number[]) =>
        percentile(
          [...values].sort((a, b) => a - b),
          50,
        )
      const wallMs = med(single.flatMap((o) => (o.times[step] === undefined ? [] : [o.times[step]!])))
      const cpus = single.flatMap((o) => (o.cpu[step] === undefined ? [] : [o.cpu[step]!]))
      const cpuMs = cpus.length ? cpus.reduce((a, b) => a + b, 0) / cpus.length : NaN
      console.log(
        `${step.padEnd(8)} ${wallMs.toFixed(1).padStart(9)}   ${Number.isNaN(cpuMs) ? '-' : cpuMs.toFixed(1).padStart(6)}`,
      )
    }

    const tableTook = tableSold - tableFlagged
    const demand = BUYERS + TILLS * TILL_SALES
    const problems = [
      !till && sold !== ITEMS && `sold ${sold}, not ${ITEMS}`,
      till &&
        sold + tableTook !== Math.min(ITEMS, demand) &&
        `web ${sold} + table ${tableTook} units is not ${Math.min(ITEMS, demand)}`,
      till && tableSold !== TILLS * TILL_SALES && `the table recorded ${tableSold} sales, not ${TILLS * TILL_SALES}`,
      till &&
        table!.sales !== TILLS * TILL_SALES &&
        `the settlement counts ${table!.sales} sales, not ${TILLS * TILL_SALES}`,
      till && tableStatuses.some((s) => s !== 200 && s !== 201) && 'a table sale was refused',
      left !== Math.max(0, ITEMS - demand) && `stock left ${left}`,
      fivexx > 0 && `${fivexx} answers were 5xx`,
      limited > 0 && `${limited} buyers were turned away by the per-address rate limit`,
      discountUses &&
        discountUses.uses !== Math.min(DISCOUNT_USES, ITEMS) &&
        `the discount code was used ${discountUses.uses} times, not ${Math.min(DISCOUNT_USES, ITEMS)}`,
    ].filter(Boolean)
    if (problems.length > 0) {
      console.error(`\nFAILED: ${problems.join('; ')}`)
      process.exitCode = 1
    }
  } finally {
    await server?.stop()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
