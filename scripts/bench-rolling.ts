/**
 * A rolling restart under load: two production servers on one throwaway PostgreSQL, behind
 * Debian's nginx with the committed deploy/nginx/site.conf.template, while clients keep sending
 * GETs (pages and the public API) and POSTs (newsletter sign-ups, and orders through the whole
 * checkout with the built-in test payments). Each server in turn gets SIGTERM, as a process
 * manager sends it; once it has exited it is started again on the same port, and the next one
 * follows once it is up.
 *
 *   npm run build && npm run bench:rolling
 *   npm run bench:rolling -- --getters 6 --posters 4 --settle 5
 *
 * A request is lost when it got no answer (a connection error) or nginx answered 502, 503 or 504
 * for it. Prints requests and lost ones by method, and exits non-zero when any was lost.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { BENCH_OWNER, signIn } from './lib/benchServer'
import { intOption } from './lib/benchOptions'
import { startEmbeddedPostgres } from './lib/embeddedPostgres'
import { freePort } from './lib/freePort'
import { startNginx } from './lib/nginx'
import { startProductionServer, type ProductionServer } from './lib/productionServer'
import { makeShirt } from './lib/rushBuyers'

/** Clients sending GETs, and clients sending POSTs, each one request after another. */
const GETTERS = intOption('getters', 6)
const POSTERS = intOption('posters', 4)
/** Seconds of traffic before the first restart, between restarts and after the last one. */
const SETTLE_S = intOption('settle', 5)

const LOST_STATUSES = new Set([502, 503, 504])
const GET_ROUTES = ['/', '/merch', '/shows', '/api/products', '/api/shows', '/api/links', '/api/band-profile']

type Tally = { sent: number; lost: number; errors: Map<string, number> }
const tallies = { GET: newTally(), POST: newTally() }
function newTally(): Tally {
  return { sent: 0, lost: 0, errors: new Map() }
}

let running = true
let clientNumber = 0

/** One request through the proxy, counted by method; answers its status and JSON body, or null when lost. */
async function send(
  base: string,
  route: string,
  { body, cookie, address }: { body?: unknown; cookie?: string; address?: string } = {},
): Promise<{ status: number; json: Record<string, unknown>; cookie?: string } | null> {
  const method = body === undefined ? 'GET' : 'POST'
  const tally = tallies[method]
  tally.sent++
  const lose = (why: string) => {
    tally.lost++
    tally.errors.set(why, (tally.errors.get(why) ?? 0) + 1)
    return null
  }
  try {
    const res = await fetch(base + route, {
      method,
      redirect: 'manual',
      headers: {
        Origin: base,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { Cookie: cookie } : {}),
        ...(address ? { 'X-Forwarded-For': address } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (LOST_STATUSES.has(res.status)) return lose(`${res.status} ${method} ${route.replace(/[0-9a-f-]{36}/g, '…')}`)
    const set = res.headers.getSetCookie().find((c) => c.startsWith('checkout-orders='))
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(text) as Record<string, unknown>
    } catch {
      // A page, not JSON.
    }
    return { status: res.status, json, cookie: set?.split(';')[0] }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return lose(`${cause?.code ?? cause?.message ?? String(error)} ${method}`)
  }
}

/** Each client comes from its own address, as fans on different networks behind the proxy do. */
const nextAddress = () => {
  const n = ++clientNumber
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

async function getter(base: string, offset: number) {
  for (let i = offset; running; i++) await send(base, GET_ROUTES[i % GET_ROUTES.length]!)
}

/** A newsletter sign-up, then a whole checkout of one shirt (order, bind, payment, capture), and again. */
async function poster(base: string, shirt: { productId: string; optionId: string }) {
  while (running) {
    const address = nextAddress()
    await send(base, '/api/newsletter/subscribe', { body: { email: `fan-${address}@example.com` }, address })
    const order = await send(base, '/api/orders', {
      address,
      body: {
        customerName: 'Rolling Fan',
        customerEmail: `fan-${address}@example.com`,
        customerPhone: '555-123-4567',
        shippingAddress: { street: '1 Main Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
        items: [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }],
      },
    })
    if (order?.status !== 201) continue
    const cookie = order.cookie
    const bound = await send(base, '/api/checkout/bind', { address, cookie, body: { orderId: order.json.id } })
    if (bound?.status !== 200) continue
    const amount = order.json.totalAmount
    const payment = await send(base, '/api/paypal/order', {
      address,
      cookie,
      body: { amount, currency: 'USD', intent: 'CAPTURE' },
    })
    if (payment?.status !== 200) continue
    await send(base, `/api/paypal/order/${String(payment.json.id)}/capture`, { address, cookie, body: {} })
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const log = (message: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${message}`)

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-rolling-'))
  fs.chmodSync(tmp, 0o755)
  log('Starting a throwaway database, two production servers and nginx...')
  const pg = await startEmbeddedPostgres(path.join(tmp, 'pg'), { throwaway: true })
  await pg.createDatabase('rolling')
  const proxyPort = await freePort()
  const site = `http://127.0.0.1:${proxyPort}`
  const ports = [await freePort(), await freePort()]
  const start = (i: number) =>
    startProductionServer({
      databaseUrl: pg.url('rolling'),
      dataDir: path.join(tmp, `data${i}`),
      secret: 'bench-secret-bench-secret-bench-secret-01',
      port: ports[i],
      env: {
        OWNER_EMAIL: BENCH_OWNER.email,
        OWNER_PASSWORD: BENCH_OWNER.password,
        PAYMENT_PROVIDER: 'test',
        SEED_DEMO: 'false',
        SITE_URL: site,
        // Clients send their own X-Forwarded-For, as a proxy in front of nginx would; nginx appends one.
        TRUST_PROXY_HOPS: '2',
      },
    })
  const servers: ProductionServer[] = [await start(0)]
  servers.push(await start(1))
  const nginx = await startNginx(
    ports.map((p) => `127.0.0.1:${p}`),
    { port: proxyPort },
  )
  let upstreamErrors: string[] = []
  try {
    await run(site, servers, start)
  } finally {
    running = false
    upstreamErrors = nginx
      .log()
      .split('\n')
      .filter((line) => / \[error\] .*upstream/.test(line))
    await nginx.stop()
    await Promise.all(servers.map((s) => s.stop()))
    await pg.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  report()
  console.log(`nginx logged ${upstreamErrors.length} upstream errors`)
  for (const line of upstreamErrors.slice(0, 10)) console.log(`  ${line.replace(/^.*? \[error\] /, '')}`)
  process.exit(tallies.GET.lost + tallies.POST.lost === 0 ? 0 : 1)
}

async function run(site: string, servers: ProductionServer[], start: (i: number) => Promise<ProductionServer>) {
  const team = await signIn(site, BENCH_OWNER.email, BENCH_OWNER.password)
  const shirt = await makeShirt(team, 'Rolling Tee', 1_000_000)
  log(`Traffic: ${GETTERS} clients sending GETs, ${POSTERS} sending sign-ups and checkouts.`)
  const clients = [
    ...Array.from({ length: GETTERS }, (_, i) => getter(site, i)),
    ...Array.from({ length: POSTERS }, () => poster(site, shirt)),
  ]
  await sleep(SETTLE_S * 1000)
  for (const i of [0, 1]) {
    const signalled = Date.now()
    log(`SIGTERM to server ${i + 1}`)
    await servers[i]!.stop()
    log(
      `server ${i + 1} exited (code ${await servers[i]!.exited}) after ${Date.now() - signalled} ms; starting it again`,
    )
    servers[i] = await start(i)
    log(`server ${i + 1} is up again`)
    await sleep(SETTLE_S * 1000)
  }
  running = false
  await Promise.all(clients)
}

function report() {
  console.log('')
  console.log('method   requests     lost')
  for (const method of ['GET', 'POST'] as const) {
    const t = tallies[method]
    console.log(`${method.padEnd(6)} ${String(t.sent).padStart(10)} ${String(t.lost).padStart(8)}`)
  }
  const total = tallies.GET.sent + tallies.POST.sent
  console.log(`total  ${String(total).padStart(10)} ${String(tallies.GET.lost + tallies.POST.lost).padStart(8)}`)
  for (const method of ['GET', 'POST'] as const) {
    for (const [why, n] of tallies[method].errors) console.log(`  lost: ${n} × ${why}`)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
