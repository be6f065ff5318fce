import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { freePort } from './freePort'

/** `npm start`'s script: the production server as one process (see the script for its allocator). */
export const START_SCRIPT = 'scripts/start.sh'

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
  /**
   * Ends the server at once (SIGKILL) and waits until it has exited: for cleaning up after tests,
   * where the graceful stop's drain (tested on its own) only adds seconds. The server is one
   * process, so nothing of it is left behind.
   */
  discard: () => Promise<void>
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
  // The production server exactly as `npm start` runs it (scripts/start.sh, which replaces itself
  // with one Node process running the bundled launcher); the development one from source.
  // SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to the server's Node, to profile it.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const [file, args] =
    mode === 'start'
      ? ['sh', [START_SCRIPT, ...nodeArgs]]
      : [process.execPath, [...nodeArgs, '--import', 'tsx', 'scripts/launch.ts', 'dev']]
  const child = spawn(file, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE: process.execPath,
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
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  const stop = end('SIGTERM')
  const discard = end('SIGKILL')

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
  return { url, child, output: () => log, exited, stop, discard }
}
