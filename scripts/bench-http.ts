/**
 * Measures how many requests an already started production server answers (it builds and starts
 * nothing of the app): `/` and each public GET, loaded with autocannon (64 connections, 8 s each,
 * after a 2 s warm-up) with the headers a browser sends. In the same run it loads a bare Node HTTP
 * server answering 1 KB, started in this process (on the load generator's own thread), as the
 * ceiling of this machine, and prints each route's share of it. The same bare server on a thread of
 * its own (a worker) is measured too and printed for reference: it does not share a core with
 * the load generator, so it answers about twice as many. So is one answering `/`'s own bytes
 * (gzipped): the load generator reads them at about a third of the rate of 1 KB of text (it
 * decodes every body as UTF-8), from any server, which bounds what `/` can reach.
 *
 *   npm run build && npm start            # in another terminal
 *   npm run bench:http -- http://localhost:3000
 *   npm run bench:http -- http://localhost:3000 --proxy   # also through nginx with deploy/nginx/site.conf.template
 *
 * BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (default 64) change the load.
 */
import http from 'node:http'
import { Worker } from 'node:worker_threads'

import autocannon from 'autocannon'

import { startNginx, type RunningNginx } from './lib/nginx'

const args = process.argv.slice(2)
const withProxy = args.includes('--proxy')
const base = (args.find((a) => !a.startsWith('--')) ?? process.env.BENCH_URL ?? 'http://localhost:3000').replace(
  /\/$/,
  '',
)
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 8))
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 64))
const WARMUP_SECONDS = 2
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
}

type Figures = { route: string; rps: number; p50: number; p99: number; bytes: number; non2xx: number; errors: number }

/** A Node HTTP server answering `body` (1 KB) to every request (also run in a worker, from its source). */
function createBareServer(httpModule: typeof http, body: Uint8Array = Buffer.alloc(1024, 'x')): http.Server {
  const server = httpModule.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length })
    res.end(body)
  })
  server.keepAliveTimeout = 65000
  return server
}

/** The bare server in this process, on the thread that also runs the load generator (the ceiling). */
async function startBareServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createBareServer(http)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The same bare server in a worker thread of its own (for reference), answering `body` when given. */
async function startBareServerInWorker(body?: Uint8Array): Promise<{ url: string; stop: () => Promise<void> }> {
  const worker = new Worker(
    `
    const http = require('node:http')
    const { parentPort, workerData } = require('node:worker_threads')
    const server = (${createBareServer.toString()})(http, workerData.body)
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port))
    `,
    { eval: true, workerData: { body } },
  )
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return { url: `http://127.0.0.1:${port}`, stop: async () => void (await worker.terminate()) }
}

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS, timeout: 20 })
}

async function measure(origin: string, route: string): Promise<Figures> {
  await load(origin + route, WARMUP_SECONDS)
  const result = await load(origin + route, SECONDS)
  const answered = result.requests.total || 1
  return {
    route,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / answered),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

async function measureBare(start: () => Promise<{ url: string; stop: () => Promise<void> }>): Promise<Figures> {
  const server = await start()
  try {
    return await measure(server.url, '/')
  } finally {
    await server.stop()
  }
}

/** `/`'s body as a browser gets it (gzipped). */
async function homeBody(origin: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/`, { headers: BROWSER_HEADERS, agent: false }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(Buffer.concat(chunks)))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

async function publicRoutes(origin: string): Promise<string[]> {
  const routes = [
    '/',
    '/api/band-profile',
    '/api/links',
    '/api/shows',
    '/api/products?featured=true',
    '/api/theme-settings',
  ]
  const res = await fetch(`${origin}/api/products?featured=true`)
  const products = res.ok ? ((await res.json()) as { id: string }[]) : []
  if (products[0]) routes.splice(5, 0, `/api/products/${products[0].id}/options`)
  else console.warn('No featured product: /api/products/{id}/options is left out.')
  return routes
}

function print(title: string, rows: Figures[], bare: number) {
  console.log(`\n${title}`)
  console.log(
    `  ${'route'.padEnd(52)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'% bare'.padStart(7)} ${'bytes/resp'.padStart(10)} ${'non-2xx'.padStart(8)}`,
  )
  for (const r of rows) {
    const share = (100 * r.rps) / bare
    console.log(
      `  ${r.route.padEnd(52)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${share.toFixed(1).padStart(6)}% ${String(r.bytes).padStart(10)} ${String(r.non2xx).padStart(8)}${r.errors ? `  (${r.errors} errors/timeouts)` : ''}`,
    )
  }
}

async function main() {
  const probe = await fetch(`${base}/`).catch((error: unknown) => {
    throw new Error(`No server answers at ${base} (start it first: npm run build && npm start): ${String(error)}`)
  })
  await probe.arrayBuffer()
  if (!probe.ok) throw new Error(`${base}/ answered ${probe.status}`)
  const routes = await publicRoutes(base)

  console.log(
    `HTTP benchmark of ${base}: ${CONNECTIONS} connections, ${SECONDS} s per route after a ${WARMUP_SECONDS} s warm-up`,
  )
  console.log(`Request headers: Accept-Encoding: ${BROWSER_HEADERS['accept-encoding']} (as a browser sends)`)

  const bare = await measureBare(startBareServer)
  const bareWorker = await measureBare(() => startBareServerInWorker())
  // The load generator's own work grows with what it reads: it reads a gzipped page of several KB
  // at about a third of the rate of 1 KB of text, from any server. This one answers `/`'s own bytes.
  const home = await homeBody(base)
  const bareHome = await measureBare(() => startBareServerInWorker(home))
  print(
    'Bare Node HTTP server answering 1 KB, in this process (the ceiling)',
    [
      { ...bare, route: '(bare) /' },
      { ...bareWorker, route: '(bare, for reference: on a thread of its own) /' },
      { ...bareHome, route: `(bare, on its own thread, answering /'s ${home.length} bytes) /` },
    ],
    bare.rps,
  )

  const direct: Figures[] = []
  for (const route of routes) direct.push(await measure(base, route))
  print(`App server alone (${base})`, direct, bare.rps)

  if (withProxy) {
    const target = new URL(base)
    let nginx: RunningNginx | undefined
    try {
      nginx = await startNginx([
        `${target.hostname === 'localhost' ? '127.0.0.1' : target.hostname}:${target.port || 80}`,
      ])
      const proxied: Figures[] = []
      for (const route of routes) proxied.push(await measure(nginx.url, route))
      print(`Through nginx (deploy/nginx/site.conf.template) at ${nginx.url}`, proxied, bare.rps)
    } finally {
      await nginx?.stop()
    }
  }
}

// Keep-alive sockets of the probes must not hold the process open at the end.
http.globalAgent.destroy()
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
