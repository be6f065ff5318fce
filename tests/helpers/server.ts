import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startProductionServer } from '../../scripts/lib/productionServer'

import { createTestDatabase } from './db'

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123'

export type TestServer = {
  url: string
  databaseUrl: string
  dataDir: string
  output: () => string
  /** The launcher's process id: it runs Next.js's server itself. */
  pid: number
  stop: () => Promise<void>
  /** Ends the server at once (SIGKILL), for a test file's cleanup, and removes its data directory. */
  discard: () => Promise<void>
  /** Sends a signal to the launcher, as `docker stop` or a process manager does. */
  kill: (signal: NodeJS.Signals) => void
  /** The launcher's exit code once it has ended. */
  exited: Promise<number | null>
}

/**
 * Starts the production server (`next start` through the project's launcher, after `next build`)
 * on a fresh database (migrated, with no owner and no content yet) and a free port, exactly as `npm start` does with DATABASE_URL set. With
 * `env.DATABASE_URL` it uses that database instead (e.g. a second instance on the same one).
 */
export async function startServer(
  env: Record<string, string> = {},
  { mode = 'start' }: { mode?: 'start' | 'dev' } = {},
): Promise<TestServer> {
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase('http', { migrated: true }))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-http-'))
  const server = await startProductionServer({
    databaseUrl,
    dataDir,
    secret: TEST_SECRET,
    // As behind one reverse proxy: tests give each simulated visitor an X-Forwarded-For address.
    env: { TRUST_PROXY_HOPS: '1', ...env },
    mode,
  })
  return {
    url: server.url,
    databaseUrl,
    dataDir,
    output: server.output,
    pid: server.child.pid!,
    kill: (signal) => server.child.kill(signal),
    exited: server.exited,
    stop: async () => {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
    discard: async () => {
      await server.discard()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
