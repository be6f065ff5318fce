import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { freePort } from './freePort'

export type ProductionServer = {
  url: string
  /** The launcher process (`npm start`'s), which runs `next start` under it. */
  child: ChildProcess
  /** What the server has printed so far. */
  output: () => string
  /** The launcher's exit code once it has ended. */
  exited: Promise<number | null>
  /** Ends the server (SIGTERM, as a process manager does) and waits until it has exited. */
  stop: () => Promise<void>
}

/**
 * Starts the production server (`next start` through the project's launcher, after `next build`)
 * on a free port, as `npm start` does with DATABASE_URL set, and waits until it says the site is
 * up. `env` adds to or overrides the environment (a value of undefined removes a variable).
 */
export async function startProductionServer({
  databaseUrl,
  dataDir,
  secret,
  env = {},
  startTimeoutMs = 180_000,
  mode = 'start',
  port: givenPort,
}: {
  databaseUrl: string
  dataDir: string
  secret: string
  env?: Record<string, string | undefined>
  startTimeoutMs?: number
  /** `dev` starts the development server (`npm run dev`) instead. */
  mode?: 'start' | 'dev'
  /** The port to listen on (a free one when not given): a restarted server keeps its address. */
  port?: number
}): Promise<ProductionServer> {
  const root = path.resolve(import.meta.dirname, '../..')
  if (mode === 'start' && !fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first (npm test does it for you).')
  }
  const port = givenPort ?? (await freePort())
  const url = `http://localhost:${port}`
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', mode], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: undefined,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SITE_URL: url,
      PAYLOAD_SECRET: secret,
      DATA_DIR: dataDir,
      NEXT_TELEMETRY_DISABLED: '1',
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (log += chunk))
  child.stderr!.on('data', (chunk) => (log += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }

  const deadline = Date.now() + startTimeoutMs
  while (!log.includes('The site is up')) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      await exited
      throw new Error(`The server did not start in time:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, child, output: () => log, exited, stop }
}
