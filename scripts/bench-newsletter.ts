/**
 * npm run bench:newsletter [-- --subscribers 50000] [--crash] [--visit-routes]
 *
 * Seeds N confirmed subscribers on a throwaway embedded PostgreSQL, then sends one campaign to all
 * of them through a real SMTP server (npm `smtp-server`, in this process, counting recipients)
 * with NEWSLETTER_RATE off: first with one production server, then with two on the same database.
 * Prints messages per second, wall time, each server's peak RSS (and its RSS just before the send),
 * and delivered, duplicated and missing messages. With --crash, one of the two servers is killed with SIGKILL halfway through
 * and started again. With --visit-routes, each server first answers the site's pages, the dashboard,
 * /cms and the API (signed in), so the RSS is that of a server that has been serving, not a fresh one.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { SMTPServer } from 'smtp-server'

import { BENCH_OWNER, signIn } from './lib/benchServer'
import { startEmbeddedPostgres } from './lib/embeddedPostgres'
import { freePort } from './lib/freePort'
import { startProductionServer, type ProductionServer } from './lib/productionServer'

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const N = Number(arg('--subscribers') ?? 50_000)
const CRASH = args.includes('--crash')
/** Before the send, each server answers the site's pages and API, as a server that has been serving. */
const VISIT = args.includes('--visit-routes')
const ROUTES = [
  '/',
  '/checkout',
  '/success',
  '/shows',
  '/login',
  '/admin',
  '/cms',
  '/api/products',
  '/api/shows',
  '/api/links',
  '/api/admin/orders',
  '/api/admin/orders/summary',
  '/api/admin/subscribers',
  '/api/admin/campaigns',
  '/api/admin/products',
  '/api/admin/discount-codes',
  '/api/admin/shows',
]

/** Recipients received per address, reset for each run. */
let received = new Map<string, number>()

function startSmtp(port: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) {
          received.set(r.address, (received.get(r.address) ?? 0) + 1)
        }
        callback()
      })
    },
  })
  // A server killed mid-message resets its connection; that is part of the crash run, not an error.
  server.on('error', () => {})
  return new Promise<SMTPServer>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
    return m ? Number(m[1]) / 1024 : 0
  } catch {
    return 0
  }
}

/** The servers of a run, how to start one more, and a connection to their database. */
type Bench = { servers: ProductionServer[]; start: (i: number) => Promise<ProductionServer>; pool: pg.Pool }

/** Starts production server number `i` on the shared database, sending through the local SMTP server. */
function serverStarter(databaseUrl: string, tmp: string, smtpPort: number) {
  return async (i: number) =>
    startProductionServer({
      databaseUrl,
      dataDir: path.join(tmp, `data${i}`),
      secret: 'bench-secret-bench-secret-bench-secret-01',
      startTimeoutMs: 180_000,
      env: {
        OWNER_EMAIL: BENCH_OWNER.email,
        OWNER_PASSWORD: BENCH_OWNER.password,
        SEED_DEMO: 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'news@bench.example',
        NEWSLETTER_RATE: 'off',
      },
    })
}

/** Each server answers the site's pages and API, signed in, as a server that has been serving. */
async function visitRoutes(servers: ProductionServer[]) {
  for (const s of servers) {
    const visitor = await signIn(s.url, BENCH_OWNER.email, BENCH_OWNER.password)
    for (const route of ROUTES) {
      const res = await visitor(route)
      await res.arrayBuffer()
      if (res.status >= 500) throw new Error(`${route}: ${res.status}`)
    }
  }
}

/** SIGKILL to the second server (one process: the launcher runs the server itself), then it starts again. */
async function crashSecond({ servers, start }: Bench) {
  const victim = servers[1]!
  console.log(`  SIGKILL to the second server (process ${victim.child.pid}) at ${received.size} delivered`)
  victim.child.kill('SIGKILL')
  await victim.exited
  servers[1] = await start(9)
  await fetch(`${servers[1].url}/api/health`)
  console.log(`  second server started again`)
}

/**
 * Watches the send until every subscriber got the campaign and it is marked sent (at most 30
 * minutes from `t0`), killing the second server halfway when `crash`; answers each server's peak RSS.
 */
async function watchSend(bench: Bench, campaignId: unknown, crash: boolean, t0: number): Promise<number[]> {
  const peak = bench.servers.map(() => 0)
  let crashed = false
  for (;;) {
    bench.servers.forEach((s, i) => (peak[i] = Math.max(peak[i]!, rssMb(s.child.pid))))
    if (crash && !crashed && received.size >= N / 2) {
      crashed = true
      await crashSecond(bench)
    }
    if (received.size >= N) {
      const { rows } = await bench.pool.query(`SELECT status FROM campaigns WHERE id = $1`, [campaignId])
      if (rows[0]?.status === 'sent') break
    }
    if (Date.now() - t0 > 30 * 60_000) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return peak
}

/** One campaign to every subscriber through `instances` servers; answers the run's figures as a line. */
async function runSend(bench: Bench, label: string, instances: number, crash: boolean): Promise<string> {
  const { servers, start } = bench
  while (servers.length < instances) servers.push(await start(servers.length))
  for (const s of servers) await fetch(`${s.url}/api/health`)
  received = new Map()
  const api = await signIn(servers[0]!.url, BENCH_OWNER.email, BENCH_OWNER.password)
  if (VISIT) await visitRoutes(servers)
  const created = await (
    await api('/api/admin/campaigns', {
      method: 'POST',
      body: JSON.stringify({ subject: `Bench ${label}`, body: '# News\n\nA **bench** campaign.' }),
    })
  ).json()
  // What each server holds before the send: the floor under the peak.
  const before = servers.map((s) => rssMb(s.child.pid))
  const t0 = Date.now()
  const sent = await api(`/api/admin/campaigns/${created.id}/send`, { method: 'POST', body: '{}' })
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`)
  const peak = await watchSend(bench, created.id, crash, t0)
  const wall = (Date.now() - t0) / 1000
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const duplicated = [...received.values()].reduce((sum, n) => sum + (n > 1 ? n - 1 : 0), 0)
  const missing = N - received.size
  const line =
    `${label}: ${N} subscribers, ${instances} instance(s)${crash ? ', one killed halfway' : ''}: ` +
    `${(received.size / wall).toFixed(0)} msg/s, wall ${wall.toFixed(1)} s, ` +
    `peak RSS ${peak.map((p) => `${p.toFixed(0)} MB`).join(' / ')} ` +
    `(before the send ${before.map((p) => `${p.toFixed(0)} MB`).join(' / ')}), ` +
    `delivered ${received.size}, duplicated ${duplicated}, missing ${missing}`
  console.log(line)
  return line
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-bench-news-'))
  fs.chmodSync(tmp, 0o755)
  const database = await startEmbeddedPostgres(path.join(tmp, 'pg'), { throwaway: true })
  await database.createDatabase('bench')
  const databaseUrl = database.url('bench')
  const smtpPort = await freePort()
  const smtp = await startSmtp(smtpPort)
  const bench: Bench = {
    servers: [],
    start: serverStarter(databaseUrl, tmp, smtpPort),
    pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }),
  }
  try {
    bench.servers.push(await bench.start(0))
    console.log(`Seeding ${N} confirmed subscribers…`)
    await bench.pool.query(
      `INSERT INTO subscribers (email, status, is_active, source, signed_up_at, confirmed_at)
        SELECT 'fan' || i || '@bench.example', 'confirmed', true, 'import', now(), now() FROM generate_series(1, $1::int) i`,
      [N],
    )
    const results: string[] = []
    if (!args.includes('--only-crash')) {
      results.push(await runSend(bench, 'one instance', 1, false))
      results.push(await runSend(bench, 'two instances', 2, false))
    }
    if (CRASH) results.push(await runSend(bench, 'two instances, crash', 2, true))
    console.log('\n' + results.join('\n'))
  } finally {
    await bench.pool.end()
    await Promise.all(bench.servers.map((s) => s.stop().catch(() => {})))
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    await database.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
