import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../scripts/lib/freePort'

import { createTestDatabase } from './db'

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123'

export type TestServer = {
  url: string
  databaseUrl: string
  dataDir: string
  output: () => string
  stop: () => Promise<void>
  /** Sends a signal to the launcher, as `docker stop` or a process manager does. */
  kill: (signal: NodeJS.Signals) => void
  /** The launcher's exit code once it has ended. */
  exited: Promise<number | null>
}

/**
 * Starts the production server (`next start` through the project's launcher, after `next build`)
 * on a fresh database and a free port, exactly as `npm start` does with DATABASE_URL set. With
 * `env.DATABASE_URL` it uses that database instead (e.g. a second instance on the same one).
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const root = path.resolve(import.meta.dirname, '../..')
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` (npm test does it for you).')
  }
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase('http'))
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-http-'))
  const url = `http://localhost:${port}`
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: undefined,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SITE_URL: url,
      PAYLOAD_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      // As behind one reverse proxy: tests give each simulated visitor an X-Forwarded-For address.
      TRUST_PROXY_HOPS: '1',
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const deadline = Date.now() + 180_000
  while (!log.includes('The site is up')) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not start in time:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    databaseUrl,
    dataDir,
    output: () => log,
    kill: (signal) => child.kill(signal),
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
