/**
 * npm run bench:routes [-- --runs N]
 *
 * One instance's start and memory, as a band's server lives them: a throwaway database with the
 * demo content and the production server (after `npm run build`). Prints, per run, the cold start
 * (launcher started → "The site is up"), the first answer of `/`, the time to answer every route
 * once signed in as the owner (the site's pages, the dashboard, /cms and every API route, made-up
 * ids included), and the RSS of the instance's processes (the launcher and the server) when up,
 * after that first visit of every route, after a second one and after 20 s of rest.
 */
import fs from 'node:fs'
import path from 'node:path'

import { intOption } from './lib/benchOptions'
import { BENCH_OWNER, signIn, startBenchServer } from './lib/benchServer'

const RUNS = intOption('runs', 1)
/** Longer than the idle time after which the server collects (10 s) plus its check interval (5 s). */
const REST_MS = 20_000
const PAGES = ['/', '/checkout', '/success', '/shows', '/login', '/admin', '/cms']

/** Every route of the build's App Router (route handlers and pages), with a made-up id in each dynamic segment. */
function builtRoutes(dir = path.join('.next', 'server', 'app'), prefix = ''): string[] {
  const found: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...builtRoutes(path.join(dir, entry.name), `${prefix}/${entry.name}`))
    else if (entry.name === 'route.js' || entry.name === 'page.js')
      found.push(prefix.replace(/\/\([^)]*\)/g, '').replace(/\[\[?\.*[^\]]*\]\]?/g, '1') || '/')
  }
  return found
}

function rssMb(pid: number | null): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) / 1024
  } catch {
    return 0
  }
}

async function run(routes: string[]) {
  const t0 = Date.now()
  const site = await startBenchServer({ SEED_DEMO: 'true' })
  try {
    const up = Date.now() - t0
    // One process: the launcher runs Next.js's server itself.
    const rss = () => rssMb(site.launcherPid)
    const atUp = rss()
    let t = Date.now()
    await (await fetch(`${site.url}/`)).arrayBuffer()
    const firstPage = Date.now() - t
    const owner = await signIn(site.url, BENCH_OWNER.email, BENCH_OWNER.password)
    const visit = async () => {
      const start = Date.now()
      for (const route of routes) {
        const res = await owner(route)
        await res.arrayBuffer()
        if (res.status >= 500) throw new Error(`${route} answered ${res.status}`)
      }
      return Date.now() - start
    }
    const firstVisit = await visit()
    const afterFirst = rss()
    t = Date.now()
    await visit()
    const secondVisit = Date.now() - t
    const afterSecond = rss()
    // An idle server collects what the visits left (src/platform/runtime/idleCollect.ts).
    await new Promise((resolve) => setTimeout(resolve, REST_MS))
    const mb = (n: number) => `${n.toFixed(0)} MB`
    console.log(
      `cold start ${up} ms, first / ${firstPage} ms; ${routes.length} routes: first visit ${firstVisit} ms, ` +
        `second ${secondVisit} ms; RSS (launcher + server) up ${mb(atUp)}, after the first visit ` +
        `${mb(afterFirst)}, after the second ${mb(afterSecond)}, after ${REST_MS / 1000} s of rest ${mb(rss())}`,
    )
  } finally {
    await site.stop()
  }
}

const routes = [...new Set([...PAGES, ...builtRoutes()])]
for (let i = 0; i < RUNS; i++) await run(routes)
