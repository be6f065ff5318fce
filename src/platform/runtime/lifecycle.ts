import http from 'node:http'
import net from 'node:net'

import type { Payload } from 'payload'

import { poolOf } from '@/platform/jobs/advisoryLock'
import type { BackgroundWork } from '@/platform/jobs/registry'
import { startJobRunner } from '@/platform/jobs/runner'

import { acceptQueueLength } from './acceptQueue'
import { isStopping, listeningServers, markStopping, runningWork, setRunningWork } from './processState'

/** Everything must be done within the launcher's 10 s; the running job gets at most 8 s. */
const JOB_GRACE_MS = 8000
const REQUEST_GRACE_MS = 9000
/**
 * After SIGTERM the server keeps accepting connections this long while its health check says it
 * is stopping, so a load balancer moves away and connections already on their way are accepted
 * (closing a listener resets any connection still waiting in the kernel's queue). It then keeps
 * listening while connections still wait in that queue, for at most LISTEN_LIMIT_MS after the
 * signal, so the requests in flight still have time to be answered.
 */
const LISTEN_GRACE_MS = 1000
const LISTEN_LIMIT_MS = 6000

/** Whether this module installed the signal handlers. */
const state: { signals?: true } = {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())
/**
 * Resolves after the event loop's next poll phase, in which pending connections are accepted and
 * arrived bytes are read (a timer alone can fire before that phase when the loop was busy).
 */
const afterPoll = () => new Promise((resolve) => setImmediate(resolve))
const within = (promise: Promise<unknown>, ms: number) => Promise.race([promise.catch(() => {}), sleep(ms)])

/** Requests being answered right now, and when the last one started, across this process. */
const traffic = { inFlight: 0, lastStart: 0, stopping: false, servers: new WeakSet<http.Server>() }
function track(server: http.Server): void {
  if (traffic.servers.has(server)) return
  traffic.servers.add(server)
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    traffic.inFlight++
    traffic.lastStart = Date.now()
    // While stopping, clients are told not to send more requests on this connection.
    if (traffic.stopping) res.setHeader('Connection', 'close')
    res.once('close', () => traffic.inFlight--)
  })
}

/**
 * Stops accepting connections once none waits to be accepted, then waits until no request is in
 * flight and none has started for half a second (a request that arrived but is not read yet gets
 * read meanwhile), and only then closes the idle keep-alive connections.
 */
async function drain(server: http.Server, deadline: number): Promise<void> {
  let closed = false
  server.once('close', () => (closed = true))
  const listenUntil = Date.now() + LISTEN_LIMIT_MS
  await sleep(LISTEN_GRACE_MS)
  await afterPoll()
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  while (port && acceptQueueLength(port) > 0 && Date.now() < listenUntil) {
    await sleep(20)
    await afterPoll()
  }
  net.Server.prototype.close.call(server)
  const stoppedAt = Date.now()
  while (!closed && Date.now() < deadline) {
    await afterPoll()
    const quiet = traffic.inFlight === 0 && Date.now() - Math.max(traffic.lastStart, stoppedAt) > 500
    if (quiet) server.closeIdleConnections()
    await sleep(50)
  }
  if (!closed) server.closeAllConnections()
}

/**
 * Starts this server's background work once (the job runner with the modules' work, and their
 * workers). An idle database connection that the database closes (a restart) is replaced on the
 * next query; without a listener the pool's error event would end the process.
 */
export function startBackgroundWork(payload: Payload, work: BackgroundWork): void {
  if (runningWork() || isStopping()) return
  const pool = poolOf(payload)
  pool.on('error', (error) => console.warn(`Database connection lost: ${error.message}`))
  const running = [startJobRunner(payload, work), ...work.workers.map((start) => start(payload))]
  setRunningWork({ pool, stop: () => Promise.all(running.map((r) => r.stop())) })
}

/**
 * The graceful stop. On SIGTERM or SIGINT the server reports itself stopping, stops accepting
 * connections, answers the requests in flight, lets the running job finish, closes its database
 * pool and exits 0, all within 10 s. Next.js leaves the signals to the application
 * (NEXT_MANUAL_SIG_HANDLE, set by the launcher).
 */
export function installGracefulStop(): void {
  if (state.signals || !process.env.NEXT_MANUAL_SIG_HANDLE) return
  state.signals = true
  setImmediate(() => listeningServers().forEach(track))
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    traffic.stopping = true
    markStopping()
    console.log('Stopping: finishing the requests in flight and the running job.')
    const servers = listeningServers()
    servers.forEach(track)
    const requests = Promise.all(servers.map((server) => drain(server, Date.now() + REQUEST_GRACE_MS)))
    const background = runningWork()
    const job = background ? within(background.stop(), JOB_GRACE_MS) : Promise.resolve()
    await Promise.all([within(requests, REQUEST_GRACE_MS), job])
    if (background) await within(background.pool.end(), 500)
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}
