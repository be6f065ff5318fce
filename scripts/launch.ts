/**
 * Starts the site: PostgreSQL (DATABASE_URL, or an embedded cluster under .data/), the committed
 * migrations, the first-start seed, then Next.js. Ctrl-C stops everything it started.
 *
 *   node --import tsx scripts/launch.ts start   # production server (after `npm run build`)
 *   node --import tsx scripts/launch.ts dev     # development server
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { buildIslands, buildTill, islandsBuilt } from './build-islands'
import { isLoopbackUrl } from '../src/lib/loopback'
import { EnvError, parseEnv, type Env } from '../src/platform/runtime/env'
import { dataDir } from '../src/platform/runtime/paths'

import { startEmbeddedPostgres, type RunningPostgres } from './lib/embeddedPostgres'
import { prepareBuilt, prepareCommand } from './lib/prepareBundle'
import { portInUse } from './lib/freePort'

const mode = process.argv[2] === 'dev' ? 'dev' : 'start'
/** How long the server keeps an idle connection open (the proxy's `keepalive_timeout` is 4 s). */
const KEEP_ALIVE_MS = 6000

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

let env: Env
try {
  env = parseEnv()
} catch (error) {
  if (error instanceof EnvError) fail(error.message)
  throw error
}
if (process.env.NODE_ENV === 'production' && !env.PAYLOAD_SECRET) {
  fail('Invalid environment variable PAYLOAD_SECRET: required when NODE_ENV=production')
}

const port = Number(env.PORT ?? 3000)
const siteUrl = env.SITE_URL ?? `http://localhost:${port}`
let postgres: RunningPostgres | undefined
const postgresUrlFile = path.join(dataDir(), 'postgres.url')
let next: ChildProcess | undefined
let stopping = false

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    if (next && next.exitCode === null && next.signalCode === null) {
      const exited = new Promise((resolve) => next!.once('exit', resolve))
      next.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (next.exitCode === null && next.signalCode === null) next.kill('SIGKILL')
    }
    if (postgres) fs.rmSync(postgresUrlFile, { force: true })
    await postgres?.stop()
  }
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(0))
}

function run(command: string, args: string[], childEnv: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: childEnv })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function main() {
  // The landing page's script is built next to Next's build (npm run build); in development it is
  // rebuilt on every change.
  if (mode === 'start' && (!islandsBuilt() || !prepareBuilt()))
    fail('The production build is missing or incomplete: run `npm run build` first.')
  if (await portInUse(port)) fail(`Port ${port} is already in use: stop what runs there or set PORT.`)

  let databaseUrl = env.DATABASE_URL
  if (!databaseUrl) {
    console.log('Starting the embedded PostgreSQL (data in .data/postgres)...')
    postgres = await startEmbeddedPostgres(path.join(dataDir(), 'postgres'))
    await postgres.createDatabase('bandsite')
    databaseUrl = postgres.url('bandsite')
    // Scripts such as `npm run content` find the running embedded database here.
    fs.writeFileSync(postgresUrlFile, databaseUrl, { mode: 0o600 })
  }
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SITE_URL: siteUrl,
    NEXT_TELEMETRY_DISABLED: '1',
    // The server stops itself on SIGTERM: requests and the running job finish first (src/instrumentation.ts).
    NEXT_MANUAL_SIG_HANDLE: 'true',
  }
  // `next start` always runs in production mode. Test payments are a choice (PAYMENT_PROVIDER=test),
  // made here only for an install on this machine alone: no NODE_ENV, no PayPal, a loopback SITE_URL.
  if (!process.env.NODE_ENV && !env.PAYPAL_CLIENT_ID && !env.PAYMENT_PROVIDER && isLoopbackUrl(siteUrl))
    childEnv.PAYMENT_PROVIDER = 'test'

  const prepared = await run(process.execPath, prepareCommand(mode), childEnv)
  if (prepared !== 0) {
    console.error('Preparing the database failed; see the message above.')
    await shutdown(1)
  }

  const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next')
  // Hooks that see each request first: its connection address (per-address limits), no gzip for API writes.
  const requestHooks = path.join('scripts', 'lib', 'requestHooks.cjs')
  // Longer than the keep-alive time of the proxy in front (deploy/nginx/site.conf.template): the
  // proxy always closes an idle connection first, so it never sends a request on one the server
  // is closing at that moment.
  const keepAlive = mode === 'start' ? ['--keepAliveTimeout', String(KEEP_ALIVE_MS)] : []
  next = spawn(process.execPath, ['--require', `./${requestHooks}`, nextBin, mode, '-p', String(port), ...keepAlive], {
    stdio: 'inherit',
    env: childEnv,
  })
  next.on('exit', (code) => {
    if (!stopping) void shutdown(code ?? 1)
  })
  await waitForHttp(`http://127.0.0.1:${port}/api/auth/user`)
  // After Next has set up its development build directory, which the script's build writes into.
  if (mode === 'dev') {
    await buildIslands({ distDir: path.join('.next', 'dev'), watch: true })
    await buildTill({ distDir: path.join('.next', 'dev'), watch: true })
  }
  const payments =
    childEnv.PAYMENT_PROVIDER === 'test'
      ? 'Payments: built-in test provider (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET for PayPal).'
      : env.PAYPAL_CLIENT_ID
        ? `Payments: PayPal (${env.PAYPAL_API_BASE ?? 'sandbox'}).`
        : 'Payments: not configured, checkout says so (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or PAYMENT_PROVIDER=test for test payments).'
  const signIn = env.OWNER_EMAIL
    ? `Sign in as ${env.OWNER_EMAIL} with OWNER_PASSWORD.`
    : `First visit to ${siteUrl}/login creates the owner account. Press Ctrl-C to stop.`
  // One write, so whoever reads the output (a person or a script waiting for "The site is up")
  // gets the whole summary at once.
  console.log(
    [
      `\nThe site is up at ${siteUrl}`,
      `Team dashboard: ${siteUrl}/admin (sign in at ${siteUrl}/login)`,
      payments,
      signIn,
    ].join('\n'),
  )
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 600 && !stopping; i++) {
    try {
      const res = await fetch(url)
      await res.arrayBuffer()
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
})
