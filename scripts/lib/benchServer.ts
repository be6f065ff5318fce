import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startEmbeddedPostgres } from './embeddedPostgres'
import { startProductionServer } from './productionServer'

export const BENCH_OWNER = { email: 'bench-owner@example.com', password: 'bench-owner-password' }

export type BenchServer = {
  url: string
  databaseUrl: string
  /** The server's DATA_DIR (its uploads are in `uploads/` under it). */
  dataDir: string
  /** The server process's id (its RSS is what the export benchmark watches). */
  serverPid: () => number | null
  /** The launcher's process id (`npm start`'s), which runs the server itself. */
  launcherPid: number
  /** What the server has printed so far. */
  output: () => string
  /** CPU time used so far by the web server and by the database cluster, in milliseconds. */
  cpuMs: () => { server: number; database: number }
  stop: () => Promise<void>
}

/**
 * A throwaway site for a benchmark: a fresh embedded PostgreSQL cluster in a temporary folder and
 * the production server (`npm start`'s launcher, after `next build`) on a free port, with the
 * built-in test payments and an owner account. Everything goes away on stop.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-bench-'))
  fs.chmodSync(tmp, 0o755)
  const pg = await startEmbeddedPostgres(path.join(tmp, 'pg'), { throwaway: true })
  await pg.createDatabase('bench')
  const databaseUrl = pg.url('bench')
  const cleanUp = async () => {
    await pg.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  const server = await startProductionServer({
    databaseUrl,
    dataDir: path.join(tmp, 'data'),
    secret: 'bench-secret-bench-secret-bench-secret-01',
    startTimeoutMs: 120_000,
    env: {
      OWNER_EMAIL: BENCH_OWNER.email,
      OWNER_PASSWORD: BENCH_OWNER.password,
      PAYMENT_PROVIDER: 'test',
      SEED_DEMO: 'false',
      ...env,
    },
  }).catch(async (error: unknown) => {
    await cleanUp()
    throw error
  })
  const child = server.child
  const stop = async () => {
    await server.stop()
    await cleanUp()
  }
  return {
    url: server.url,
    databaseUrl,
    dataDir: path.join(tmp, 'data'),
    serverPid: () => nextServerPid(processes(), child.pid ?? -1),
    launcherPid: child.pid ?? -1,
    output: server.output,
    cpuMs: () => {
      // One reading of /proc for the server, the postmaster and its backends.
      const all = processes()
      const serverPid = nextServerPid(all, child.pid ?? -1)
      const postmaster = all.find((p) => p.cmd.includes(path.join(tmp, 'pg')) && p.cmd.includes('postgres'))
      const database = postmaster
        ? postmaster.self +
          postmaster.children +
          all.filter((p) => p.ppid === postmaster.pid).reduce((sum, p) => sum + p.self, 0)
        : 0
      const web = all.find((p) => p.pid === serverPid)
      return { server: web ? web.self : 0, database }
    },
    stop,
  }
}

type ProcessInfo = { pid: number; ppid: number; cmd: string; self: number; children: number }

/** Every process with its parent, command line and CPU time in ms (its own, and its waited-for children's). */
function processes(): ProcessInfo[] {
  const tick = 1000 / 100
  const found: ProcessInfo[] = []
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      found.push({
        pid: Number(pid),
        ppid: Number(fields[1]),
        cmd: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '),
        self: (Number(fields[11]) + Number(fields[12])) * tick,
        children: (Number(fields[13]) + Number(fields[14])) * tick,
      })
    } catch {
      // The process ended while we looked.
    }
  }
  return found
}

/** The process that serves requests: the production launcher runs Next.js's server itself. */
function nextServerPid(all: ProcessInfo[], launcherPid: number): number | null {
  return all.some((p) => p.pid === launcherPid) ? launcherPid : null
}

/** A signed-in team member's session, with the Origin a browser sends. */
export async function signIn(
  base: string,
  email: string,
  password: string,
): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`Signing in as ${email} failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))!
    .split(';')[0]!
  return (p, init = {}) =>
    fetch(base + p, {
      ...init,
      headers: {
        Origin: base,
        Cookie: cookie,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    })
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )
