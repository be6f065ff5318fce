/**
 * Scans an already started production server (it builds and starts nothing) with Debian's
 * `wapiti` and `sqlmap`, anonymous and signed in as an owner, and prints what they found and how
 * many answers were 500 or above. Every request of both tools goes through a small logging proxy
 * here, which counts the server's answers by status.
 *
 *   npm run build && npm start                      # in another terminal
 *   npm run scan -- http://localhost:3000 --email owner@example.com --password '…'
 *   OWNER_EMAIL=… OWNER_PASSWORD=… npm run scan     # the same, from the environment
 *   npm run scan -- --minutes 30                    # a longer run (default 15 minutes in all)
 *
 * wapiti runs the modules sql, xss, exec, file, redirect, crlf, ssrf, csp, http_headers,
 * cookieflags, methods and permanentxss; sqlmap runs at level 3, risk 2 on every route that takes
 * input, each one bounded in time. Signed in, both tools send the session cookie, and wapiti leaves
 * /api/logout alone (`-x`; Debian's wapiti 3.0.4 builds its exclusion patterns with a regular
 * expression Python 3.11 refuses, so it runs with that one function replaced). The scan writes into
 * the database as the owner (sign-ups, links, products): run it on a test instance, never on a
 * live shop. It exits 1 when an answer was 500 or above or a tool reported a vulnerability
 * (beyond the headers that come with https in production).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startLoggingProxy } from './lib/loggingProxy'
import { run, which, type Finding } from './lib/scanTools'
import { wapiti } from './lib/wapiti'

type Options = { base: string; email?: string; password?: string; minutes: number }

function parseOptions(argv: string[]): Options {
  const options: Options = {
    base: 'http://localhost:3000',
    email: process.env.OWNER_EMAIL,
    password: process.env.OWNER_PASSWORD,
    minutes: 15,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--email') options.email = argv[++i]
    else if (arg === '--password') options.password = argv[++i]
    else if (arg === '--minutes') options.minutes = Number(argv[++i])
    else if (/^https?:\/\//.test(arg)) options.base = arg.replace(/\/+$/, '')
    else throw new Error(`Unknown argument: ${arg}`)
  }
  if (!(options.minutes > 0)) throw new Error('--minutes takes a positive number')
  return options
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`Signing in as ${email} failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))
    ?.split(';')[0]
  if (!cookie) throw new Error('Signing in set no session cookie')
  return cookie
}

/**
 * Header findings a local server over plain http always has, printed but not failing the scan:
 * HSTS and Secure cookies come with https in production, and X-XSS-Protection is deliberately
 * unset (browsers dropped that filter; the Content-Security-Policy does its job).
 */
const EXPECTED_OVER_HTTP =
  /^vulnerability: (HTTP Secure Headers: \S+ \S+: (X-XSS-Protection|Strict-Transport-Security) is not set|Secure Flag cookie:)/

type SqlmapTarget = { method: 'GET' | 'POST' | 'PUT'; path: string; json?: unknown }

/** Every route that takes input; a `*` marks a path segment to test. */
function sqlmapTargets(signedIn: boolean): SqlmapTarget[] {
  if (!signedIn)
    return [
      { method: 'POST', path: '/api/auth/login', json: { email: 'fan@example.com', password: 'x' } },
      { method: 'POST', path: '/api/newsletter/subscribe', json: { email: 'fan@example.com' } },
      {
        method: 'POST',
        path: '/api/orders',
        json: { customerEmail: 'fan@example.com', customerName: 'Fan', items: [{ productId: '1', quantity: 1 }] },
      },
      { method: 'GET', path: '/api/orders/1*' },
      { method: 'GET', path: '/api/products/1*/options' },
      { method: 'GET', path: '/api/cms/products?where[name][like]=shirt&sort=name&limit=5' },
      { method: 'POST', path: '/api/cms/users/login', json: { email: 'fan@example.com', password: 'x' } },
    ]
  return [
    { method: 'GET', path: '/api/admin/orders?q=fan&status=paid&limit=10' },
    { method: 'GET', path: '/api/admin/subscribers?q=fan&limit=10' },
    { method: 'GET', path: '/api/admin/orders/export?q=fan&status=paid' },
    { method: 'PUT', path: '/api/admin/links/1*', json: { title: 'Site', url: 'https://example.com', icon: 'x' } },
    { method: 'GET', path: '/api/cms/orders?where[customerEmail][like]=fan&sort=createdAt&limit=5' },
  ]
}

async function sqlmap(o: {
  base: string
  proxy: string
  as: string
  cookie?: string
  target: SqlmapTarget
  seconds: number
  dir: string
}): Promise<Finding[]> {
  const headers = [`Origin: ${o.base}`, ...(o.cookie ? [`Cookie: ${o.cookie}`] : [])]
  const args = [
    '-u',
    o.base + o.target.path,
    '--method',
    o.target.method,
    ...(o.target.json === undefined ? [] : ['--data', JSON.stringify(o.target.json)]),
    '--headers',
    headers.join('\n'),
    '--batch',
    '--level=3',
    '--risk=2',
    '--flush-session',
    '--output-dir',
    path.join(o.dir, 'sqlmap'),
    '--proxy',
    o.proxy,
    '--time-sec=2',
    '--timeout=15',
    '--retries=1',
    '--threads=4',
    '--disable-coloring',
    // A made-up id answers 404; the marked path segment is still tested.
    ...(o.target.path.includes('*') ? ['--ignore-code=404'] : []),
  ]
  const { output, timedOut } = await run('sqlmap', args, o.seconds)
  const label = `${o.target.method} ${o.target.path}`
  const findings: Finding[] = []
  if (/identified the following injection point|is vulnerable/i.test(output))
    findings.push({ tool: 'sqlmap', as: o.as, what: `injection: ${label}\n${output.slice(-3000)}` })
  const verdict = timedOut
    ? 'stopped when its time was up'
    : /do not appear to be injectable/.test(output)
      ? 'nothing injectable'
      : (output.match(/\[CRITICAL\][^\n]*/)?.[0] ?? 'done')
  console.log(`  sqlmap (${o.as}) ${label}: ${verdict}`)
  return findings
}

async function main() {
  const options = parseOptions(process.argv.slice(2))
  const missing = ['wapiti', 'sqlmap'].filter((tool) => !which(tool))
  if (missing.length > 0) {
    console.error(`${missing.join(' and ')} not found. On Debian or Ubuntu: sudo apt-get install wapiti sqlmap`)
    process.exit(2)
  }
  if (new URL(options.base).protocol !== 'http:') throw new Error('The scan speaks plain http to a local server')
  const health = await fetch(`${options.base}/api/health`).catch(() => null)
  if (!health) throw new Error(`No server answers at ${options.base} (npm run build && npm start first)`)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-scan-'))
  const proxy = await startLoggingProxy(options.base)
  const cookie =
    options.email && options.password ? await signIn(options.base, options.email, options.password) : undefined
  if (!cookie) console.log('No --email/--password (or OWNER_EMAIL/OWNER_PASSWORD): scanning anonymously only.')
  const runs = cookie ? (['anonymous', 'owner'] as const) : (['anonymous'] as const)

  // At most half the time for wapiti, shared between its runs.
  const budget = options.minutes * 60
  const findings: Finding[] = []
  const started = Date.now()
  for (const as of runs) {
    const seconds = Math.floor(budget / 2 / runs.length)
    console.log(`wapiti (${as}), up to ${seconds} s`)
    findings.push(
      ...(await wapiti({
        base: options.base,
        proxy: proxy.url,
        as,
        cookie: as === 'owner' ? cookie : undefined,
        seconds,
        dir,
      })),
    )
  }
  // sqlmap has the time wapiti left.
  const targets = runs.flatMap((as) => sqlmapTargets(as === 'owner').map((target) => ({ as, target })))
  const left = budget - (Date.now() - started) / 1000
  const perTarget = Math.max(30, Math.floor(left / targets.length))
  console.log(`sqlmap, level 3, risk 2: ${targets.length} routes, up to ${perTarget} s each`)
  for (const { as, target } of targets)
    findings.push(
      ...(await sqlmap({
        base: options.base,
        proxy: proxy.url,
        as,
        cookie: as === 'owner' ? cookie : undefined,
        target,
        seconds: perTarget,
        dir,
      })),
    )
  proxy.close()

  const vulnerabilities = findings.filter(
    (f) => f.tool === 'sqlmap' || (f.what.startsWith('vulnerability') && !EXPECTED_OVER_HTTP.test(f.what)),
  )
  console.log(
    `\nFindings (${findings.length}; ${vulnerabilities.length} vulnerabilities beyond the headers a local http server lacks):`,
  )
  for (const f of findings) console.log(`  ${f.tool} (${f.as}) ${f.what}`)
  const statuses = [...proxy.log.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`)
  console.log(
    `\n${proxy.log.total} requests in ${Math.round((Date.now() - started) / 1000)} s; by status: ${statuses.join(', ')}`,
  )
  console.log(`Answers of 500 or above: ${proxy.log.serverErrors.length}`)
  for (const line of [...new Set(proxy.log.serverErrors)].slice(0, 50)) console.log(`  ${line}`)
  console.log(`Reports and logs: ${dir}`)
  process.exit(proxy.log.serverErrors.length > 0 || vulnerabilities.length > 0 ? 1 : 0)
}

await main()
