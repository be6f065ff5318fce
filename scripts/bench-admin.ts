/**
 * The back office at volume: a throwaway database and production server filled by the volume
 * seed (10,000 orders, 50,000 subscribers, 200 products by default), then
 *   - the first page of GET /api/admin/orders: median time of 20 requests and its size,
 *   - searches (?q, a different customer each time): median of 20,
 *   - GET /api/admin/subscribers first page and an email search: median of 20 each,
 *   - the orders CSV export of every order: time to the last byte, and how much the server's
 *     memory (RSS) grows while it runs,
 *   - /admin#orders in Chromium: time from navigation until the revenue chart is drawn.
 *
 *   npm run build && npm run bench:admin [-- --orders 10000 --subscribers 50000] [--skip-browser]
 *
 * Targets: first page ≤ 150 ms and ≤ 100 KB, search ≤ 150 ms, export ≤ 3 s with RSS growth
 * ≤ 50 MB, /admin with its chart ≤ 2 s.
 */
import fs from 'node:fs'

import pg from 'pg'
import { chromium } from '@playwright/test'

import { intOption } from './lib/benchOptions'
import { BENCH_OWNER, median, signIn, startBenchServer, type BenchServer } from './lib/benchServer'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium'
import { seedVolume } from './lib/volumeSeed'

const ORDERS = intOption('orders', 10_000, 0)
const SUBSCRIBERS = intOption('subscribers', 50_000, 0)
const RUNS = 20

const ms = (n: number) => `${n.toFixed(0)} ms`
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

async function timed(call: () => Promise<Response>): Promise<Timing> {
  const started = performance.now()
  const res = await call()
  const body = await res.arrayBuffer()
  return {
    ms: performance.now() - started,
    bytes: body.byteLength,
    status: res.status,
    total: res.headers.get('x-total-count'),
  }
}

type Timing = { ms: number; bytes: number; status: number; total: string | null }
type Team = (path: string, init?: RequestInit) => Promise<Response>

function report(label: string, runs: Timing[], target?: string) {
  const bad = runs.filter((r) => r.status !== 200).length
  console.log(
    `${label.padEnd(44)} median ${ms(median(runs.map((r) => r.ms))).padStart(7)}   max ${ms(Math.max(...runs.map((r) => r.ms))).padStart(7)}   ` +
      `${kb(median(runs.map((r) => r.bytes))).padStart(9)}   total ${runs[0]?.total ?? '-'}${bad ? `   ${bad} not 200` : ''}${target ? `   (target ${target})` : ''}`,
  )
}

/** Seeds the volume, and picks RUNS customers and subscribers to search for. */
async function seed(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const seeded = performance.now()
  await seedVolume(client, { orders: ORDERS, subscribers: SUBSCRIBERS, products: 200 })
  const seedSeconds = (performance.now() - seeded) / 1000
  const names = (
    await client.query<{ customer_name: string; customer_email: string }>(
      `SELECT customer_name, customer_email FROM orders ORDER BY random() LIMIT ${RUNS}`,
    )
  ).rows
  const emails = (
    await client.query<{ email: string }>(`SELECT email FROM subscribers ORDER BY random() LIMIT ${RUNS}`)
  ).rows
  await client.end()
  console.log(`Seeded ${ORDERS} orders, ${SUBSCRIBERS} subscribers and 200 products in ${seedSeconds.toFixed(1)} s.\n`)
  return { names, emails }
}

/** The lists' first pages, searches and the summary, RUNS times each. */
async function timeLists(team: Team, { names, emails }: Awaited<ReturnType<typeof seed>>) {
  const firstPage = []
  for (let i = 0; i < RUNS; i++) firstPage.push(await timed(() => team('/api/admin/orders')))
  report('GET /api/admin/orders (first page)', firstPage, '≤ 150 ms, ≤ 100 KB')

  const byName = []
  for (const n of names)
    byName.push(
      await timed(() => team(`/api/admin/orders?q=${encodeURIComponent(n.customer_name.split(' ')[1]!.slice(0, 4))}`)),
    )
  report('GET /api/admin/orders?q=<last name prefix>', byName, '≤ 150 ms')

  const byEmail = []
  for (const n of names)
    byEmail.push(await timed(() => team(`/api/admin/orders?q=${encodeURIComponent(n.customer_email)}`)))
  report('GET /api/admin/orders?q=<email>', byEmail, '≤ 150 ms')

  const byStatus = []
  for (let i = 0; i < RUNS; i++) byStatus.push(await timed(() => team('/api/admin/orders?status=refunded')))
  report('GET /api/admin/orders?status=refunded', byStatus)

  const subscribers = []
  for (let i = 0; i < RUNS; i++) subscribers.push(await timed(() => team('/api/admin/subscribers')))
  report('GET /api/admin/subscribers (first page)', subscribers)

  const subscriberSearch = []
  for (const e of emails)
    subscriberSearch.push(
      await timed(() => team(`/api/admin/subscribers?q=${encodeURIComponent(e.email.slice(0, 6))}`)),
    )
  report('GET /api/admin/subscribers?q=<email prefix>', subscriberSearch)

  const summary = []
  for (let i = 0; i < RUNS; i++) summary.push(await timed(() => team('/api/admin/orders/summary')))
  report('GET /api/admin/orders/summary', summary)
}

/** The export: RSS sampled every 10 ms from just before the request to the last byte. */
async function timeExport(server: BenchServer, team: Team) {
  const pid = server.serverPid()
  if (global.gc) global.gc()
  await new Promise((resolve) => setTimeout(resolve, 500))
  const rssBefore = pid ? rssBytes(pid) : 0
  let rssPeak = rssBefore
  const sampler = setInterval(() => {
    if (pid) rssPeak = Math.max(rssPeak, rssBytes(pid))
  }, 10)
  const started = performance.now()
  const res = await team('/api/admin/orders/export')
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength
    for (const b of chunk) if (b === 10) lines++
  }
  const exportMs = performance.now() - started
  clearInterval(sampler)
  console.log(
    `${'GET /api/admin/orders/export (all orders)'.padEnd(44)} ${ms(exportMs).padStart(14)}   ${mb(bytes)}, ${lines - 1} rows   RSS ${mb(rssBefore)} → peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)})   (target ≤ 3 s, ≤ +50 MB)`,
  )
}

/** The owner's session cookie, as name and value parts. */
async function sessionCookie(base: string): Promise<string[]> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(BENCH_OWNER),
  })
  return login.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))!
    .split(';')[0]!
    .split('=')
}

/** /admin in Chromium, signed in, opening on the Orders tab: until the chart's bars are drawn. */
async function timeDashboard(base: string, cookie: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: cookie[0]!, value: cookie.slice(1).join('='), url: base }])
      const page = await context.newPage()
      const t = performance.now()
      await page.goto(`${base}/admin#orders`)
      await page
        .locator('[data-testid="revenue-chart"] .recharts-bar-rectangle')
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 })
      times.push(performance.now() - t)
      await context.close()
    }
    console.log(
      `${'/admin#orders until the chart is drawn'.padEnd(44)} median ${ms(median(times)).padStart(7)}   first ${ms(times[0]!)}, runs ${times.map((t) => t.toFixed(0)).join(', ')} ms   (target ≤ 2 s)`,
    )
  } finally {
    await browser.close()
  }
}

async function main() {
  console.log('Starting a throwaway database and the production server...')
  const server = await startBenchServer()
  try {
    const sample = await seed(server.databaseUrl)
    const team = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
    await team('/api/admin/orders').then((r) => r.arrayBuffer())
    await timeLists(team, sample)
    await timeExport(server, team)
    const cookie = await sessionCookie(server.url)
    if (process.argv.includes('--skip-browser')) return
    await timeDashboard(server.url, cookie)
  } finally {
    await server.stop()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
