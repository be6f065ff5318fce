import http from 'node:http'
import net from 'node:net'

import type { Payload } from 'payload'

import { poolOf } from '@/platform/jobs/advisoryLock'
import type { BackgroundWork } from '@/platform/jobs/registry'
import { startJobRunner } from '@/platform/jobs/runner'

import { acceptQueueLength } from './acceptQueue'
import { env } from './env'
import { DEFAULT_MEMORY_CEILING_MB, startIdleCollector } from './idleCollect'
import {
  isStopping,
  lastStep,
  listeningServers,
  markStopping,
  runningWork,
  setRequestObserver,
  setRunningWork,
} from './processState'

/** Everything must be done within the launcher's 10 s; the running job gets at most 8 s. */
const JOB_GRACE_MS = 8000
const REQUEST_GRACE_MS = 9000
/** The launcher's last step (stopping the embedded PostgreSQL) after that. */
const LAST_STEP_MS = 5000
/**
 * After SIGTERM the server keeps accepting connections this long while its health check says it
 * is stopping, so a load balancer moves away and connections already on their way are accepted
 * (closing a listener resets any connection still waiting in the kernel's queue). It then keeps
 * listening while connections still wait in that queue, for at most LISTEN_LIMIT_MS after the
 * signal, so the requests in flight still have time to be answered.
 */
const LISTEN_GRACE_MS = 1000
const LISTEN_LIMIT_MS = 6000
/** The load balancer's health check, which does not count as work for the idle collection. */
const HEALTH_PATH = '/api/health'

/** Whether this module installed the signal handlers. */
const state: { signals?: true } = {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())
/**
 * Resolves after the event loop's next poll phase, in which pending connections are accepted and
 * arrived bytes are read (a timer alone can fire before that phase when the loop was busy).
 */
const afterPoll = () => new Promise((resolve) => setImmediate(resolve))
const within = (promise: Promise<unknown>, ms: number) => Promise.race([promise.catch(() => {}), sleep(ms)])

/**
 * How long no request may have started or ended before the stopping server closes the kept-alive
 * connections that wait idle after an answer: longer than the proxy keeps an idle connection to
 * the app (`keepalive_timeout` in deploy/nginx/site.conf.template, 1 s), so the proxy has dropped
 * every one of them by then and none can be carrying a request the server would reset.
 */
export const DRAIN_QUIET_MS = 1500

/**
 * The answers being written right now, when one last started or ended, the open connections, the
 * ones that have carried a request, and whether the stopping server has stopped accepting
 * connections.
 */
const traffic = {
  inFlight: new Set<http.ServerResponse>(),
  lastActivity: 0,
  /** The same, health checks left out: a load balancer's polls do not keep the server from being idle. */
  lastWork: 0,
  /** Requests but health checks since the server started. */
  work: 0,
  closing: false,
  servers: new WeakSet<http.Server>(),
  connections: new Set<net.Socket>(),
  served: new WeakSet<net.Socket>(),
}

/**
 * Once the server no longer accepts connections, the client is told not to send more requests on
 * this answer's connection. Until then (the listen grace) answers keep their connection: each
 * connection closed then would make the proxy open a new one, which can reach the kernel's queue
 * just as the listener closes and be reset there after the proxy has sent its request (a POST
 * is never retried).
 */
function closeAfter(res: http.ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close')
}

function track(server: http.Server): void {
  if (traffic.servers.has(server)) return
  traffic.servers.add(server)
  server.on('connection', (socket: net.Socket) => {
    traffic.connections.add(socket)
    socket.once('close', () => traffic.connections.delete(socket))
  })
  server.on('request', observe)
}

/** Follows one request's answer (the graceful stop waits for it, the idle collection counts it). */
function observe(req: http.IncomingMessage, res: http.ServerResponse): void {
  traffic.served.add(req.socket)
  traffic.inFlight.add(res)
  const work = !req.url?.startsWith(HEALTH_PATH)
  traffic.lastActivity = Date.now()
  if (work) {
    traffic.lastWork = traffic.lastActivity
    traffic.work += 1
  }
  if (traffic.closing) closeAfter(res)
  res.once('close', () => {
    traffic.inFlight.delete(res)
    traffic.lastActivity = Date.now()
    if (work) traffic.lastWork = traffic.lastActivity
  })
}

/**
 * Closes the connections that have carried a request, once no answer is being written: each waits
 * idle for its next request. A connection that has not sent its first request yet stays open: its
 * client has not been told to go elsewhere, so its request is answered (with `Connection: close`)
 * when it comes.
 */
function closeKeptAlive(): void {
  if (traffic.inFlight.size > 0) return
  for (const socket of traffic.connections) if (traffic.served.has(socket)) socket.destroy()
}

/**
 * Stops accepting connections once none waits to be accepted, then waits until every connection
 * has ended. The server never closes a kept-alive connection while a request may be on its way on
 * it: once it no longer accepts connections, a request that arrives on one is answered with
 * `Connection: close` and the connection closes after that answer. Those left idle after an
 * answer are closed once no request has started or ended for DRAIN_QUIET_MS, longer than the
 * proxy keeps an idle connection, so the proxy has dropped them first. Whatever is still open at
 * `deadline` is closed.
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
  traffic.closing = true
  traffic.inFlight.forEach(closeAfter)
  const stoppedAt = Date.now()
  while (!closed && Date.now() < deadline) {
    await afterPoll()
    const quiet = Date.now() - Math.max(traffic.lastActivity, stoppedAt) >= DRAIN_QUIET_MS
    if (quiet) closeKeptAlive()
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
 * The graceful stop, and the idle collection that gives memory back after a burst of requests
 * (both follow the requests of the servers Next.js listens with). On SIGTERM or SIGINT the server
 * reports itself stopping, stops accepting connections, answers the requests in flight, lets the
 * running job finish, closes its database pool and exits 0, all within 10 s. Next.js leaves the
 * signals to the application (NEXT_MANUAL_SIG_HANDLE, set by the launcher).
 */
export function installGracefulStop(): void {
  if (state.signals || !process.env.NEXT_MANUAL_SIG_HANDLE) return
  state.signals = true
  setImmediate(() => listeningServers().forEach(track))
  setRequestObserver(observe)
  startIdleCollector(
    { last: () => traffic.lastWork, requests: () => traffic.work },
    Number(env().MEMORY_CEILING_MB ?? DEFAULT_MEMORY_CEILING_MB),
  )
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    markStopping()
    console.log('Stopping: finishing the requests in flight and the running job.')
    const servers = listeningServers()
    servers.forEach(track)
    const requests = Promise.all(servers.map((server) => drain(server, Date.now() + REQUEST_GRACE_MS)))
    const background = runningWork()
    const job = background ? within(background.stop(), JOB_GRACE_MS) : Promise.resolve()
    await Promise.all([within(requests, REQUEST_GRACE_MS), job])
    if (background) await within(background.pool.end(), 500)
    const last = lastStep()
    if (last) await within(last(), LAST_STEP_MS)
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}
