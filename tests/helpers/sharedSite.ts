import { spawn } from 'node:child_process'
import fs from 'node:fs'

import type { Payload } from 'payload'

import { localApi } from './payload'
import { startServer, type TestServer } from './server'
import { addMembers, OWNER_ENV } from './site'
import { startMailbox, type Mailbox } from './smtp'
import { whenWorkerEnds } from './tempDirs'

/** The site that the HTTP test files of one vitest worker share: one server, database and mailbox. */
export type SharedSite = { server: TestServer; payload: Payload; mailbox: Mailbox }

/** What a worker process keeps across its test files (on globalThis: it outlives any module reset). */
type WorkerState = { site?: Promise<SharedSite>; files: number }

const key = Symbol.for('bandsite.tests.sharedSite')
const state = ((globalThis as Record<symbol, WorkerState>)[key] ??= { files: 0 })

/** The environment of the shared server: the owner, email to the worker's mailbox. */
export const SHARED_MAIL_FROM = 'band@example.com'

/**
 * The worker's shared site, started on first use: a production server on a fresh database with
 * the owner, a manager and a viewer (`<role>@example.com`), its email going to a local mailbox.
 * It ends with the worker process, however that ends.
 */
export function sharedSite(): Promise<SharedSite> {
  state.site ??= (async () => {
    const mailbox = await startMailbox()
    const server = await startServer({ ...OWNER_ENV, SMTP_URL: mailbox.url, MAIL_FROM: SHARED_MAIL_FROM })
    endWithWorker(server)
    const payload = await localApi(server.databaseUrl)
    await addMembers(payload, ['manager', 'viewer'])
    return { server, payload, mailbox }
  })()
  return state.site
}

/**
 * A number of its own for each test file of the worker that uses the shared site, from 1: the file
 * derives its client addresses from it, so that the server's per-address limits of one file are
 * not spent by another.
 */
export function nextFileNumber(): number {
  return ++state.files
}

/**
 * Ends `server` (SIGKILL) and removes its files when this process exits or is sent SIGTERM (as
 * vitest ends its workers), and, through a watchdog process that notices the end of this one, also
 * when this process is killed outright.
 */
function endWithWorker(server: TestServer) {
  const end = () => {
    try {
      process.kill(server.pid, 'SIGKILL')
    } catch {
      // It has ended already.
    }
    fs.rmSync(server.dataDir, { recursive: true, force: true })
  }
  whenWorkerEnds(end)
  // Its stdin closes when this process ends in any way; it exits by itself once the server has.
  const watchdog = spawn(
    process.execPath,
    [
      '-e',
      `const pid = Number(process.argv[1]), dir = process.argv[2]
       const alive = () => { try { process.kill(pid, 0); return true } catch { return false } }
       process.stdin.on('close', () => { if (alive()) process.kill(pid, 'SIGKILL'); require('fs').rmSync(dir, { recursive: true, force: true }); process.exit(0) })
       process.stdin.resume()
       setInterval(() => { if (!alive()) process.exit(0) }, 1000)`,
      String(server.pid),
      server.dataDir,
    ],
    { stdio: ['pipe', 'ignore', 'ignore'] },
  )
  watchdog.unref()
  ;(watchdog.stdin as unknown as { unref?: () => void }).unref?.()
}
