/**
 * Starts the site: PostgreSQL (DATABASE_URL, or an embedded cluster under .data/), the committed
 * migrations, the first-start seed, then Next.js. Ctrl-C stops everything it started.
 *
 *   sh scripts/start.sh                         # production server (`npm start`: this file as `npm run build` bundles it)
 *   node --import tsx scripts/launch.ts dev     # development server
 *
 * In production the site is one process: this one runs Next.js's server itself after the prepare
 * step (a short-lived child) has ended; in development it runs `next dev` as a child.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { isLoopbackUrl } from '../src/lib/loopback'
import { EnvError, parseEnv, type Env } from '../src/platform/runtime/env'
import { dataDir } from '../src/platform/runtime/paths'
import { setLastStep } from '../src/platform/runtime/processState'

import { startEmbeddedPostgres, type RunningPostgres } from './lib/embeddedPostgres'
import { prepareBuilt, prepareCommand, root } from './lib/prepareBundle'
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

/** Stops the embedded PostgreSQL, if this process started one. */
async function stopPostgres(): Promise<void> {
  if (postgres) fs.rmSync(postgresUrlFile, { force: true })
  await postgres?.stop()
}

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    if (next && next.exitCode === null && next.signalCode === null) {
      const exited = new Promise((resolve) => next!.once('exit', resolve))
      next.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (next.exitCode === null && next.signalCode === null) next.kill('SIGKILL')
    }
    await stopPostgres()
  }
  process.exit(code)
}

const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const onStopSignal = () => void shutdown(0)
for (const signal of stopSignals) process.on(signal, onStopSignal)

function run(command: string, args: string[], childEnv: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: childEnv })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function main() {
  // The landing page's script is built next to Next's build (npm run build); in development it is
  // rebuilt on every change.
  // The landing page's manifest (ISLANDS_MANIFEST in src/landing/manifest.ts).
  const islandsBuilt = fs.existsSync(path.join(root, '.next', 'islands-manifest.json'))
  if (mode === 'start' && (!islandsBuilt || !prepareBuilt()))
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

  if (mode === 'start') await startServer(childEnv)
  else next = spawnDevServer(childEnv)
  await waitForHttp(`http://127.0.0.1:${port}/api/auth/user`)
  if (stopping) return
  // From the first answer on, the stop signals reach the site's graceful stop (installed by Next's
  // instrumentation hook), which stops PostgreSQL last; SIGHUP (a closed terminal) stops the site
  // the same way.
  if (mode === 'start' && process.listenerCount('SIGTERM') > 1) {
    for (const signal of stopSignals) process.off(signal, onStopSignal)
    process.on('SIGHUP', () => process.kill(process.pid, 'SIGTERM'))
  }
  // After Next has set up its development build directory, which the script's build writes into.
  if (mode === 'dev') {
    // Loaded only here: the production bundle of this launcher leaves the build scripts out.
    const { buildIslands, buildTill } = await import('./build-islands')
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

/** Hooks that see each request first: its connection address (per-address limits), no gzip for API writes. */
const requestHooks = path.join('scripts', 'lib', 'requestHooks.cjs')

function spawnDevServer(childEnv: NodeJS.ProcessEnv): ChildProcess {
  const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next')
  const child = spawn(process.execPath, ['--require', `./${requestHooks}`, nextBin, 'dev', '-p', String(port)], {
    stdio: 'inherit',
    env: childEnv,
  })
  child.on('exit', (code) => {
    if (!stopping) void shutdown(code ?? 1)
  })
  return child
}

/**
 * Runs Next.js's production server in this process, as `next start` does. Its environment is set
 * before Next loads; the request hooks patch Node's HTTP server before Next creates one. From then
 * on the site's own graceful stop (src/platform/runtime/lifecycle.ts) handles SIGTERM and SIGINT,
 * and stops the embedded PostgreSQL as its last step.
 */
async function startServer(childEnv: NodeJS.ProcessEnv): Promise<void> {
  Object.assign(process.env, childEnv)
  // As `next start` does: the server always runs in production mode.
  ;(process.env as Record<string, string | undefined>).NODE_ENV ||= 'production'
  process.env.NEXT_RUNTIME = 'nodejs'
  process.env.NEXT_PRIVATE_START_TIME ||= String(Date.now())
  const require = createRequire(path.join(root, 'package.json'))
  takeBuiltConfig()
  require(path.join(root, requestHooks))
  setLastStep(stopPostgres)
  const { startServer: startNext } = require('next/dist/server/lib/start-server.js') as {
    startServer: (options: Record<string, unknown>) => Promise<void>
  }
  // Longer than the keep-alive time of the proxy in front (deploy/nginx/site.conf.template): the
  // proxy always closes an idle connection first, so it never sends a request on one the server
  // is closing at that moment.
  await startNext({ dir: root, port, isDev: false, allowRetry: false, keepAliveTimeout: KEEP_ALIVE_MS })
}

/**
 * The server takes the configuration the build wrote out (`.next/required-server-files.json`, as a
 * standalone server does) instead of compiling next.config.ts again at every start: that loaded
 * the compiler's 26 MB native binding and the config's imports into the server for good.
 */
function takeBuiltConfig(): void {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return
  const file = path.join(root, '.next', 'required-server-files.json')
  const { config } = JSON.parse(fs.readFileSync(file, 'utf8')) as { config: unknown }
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config)
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
