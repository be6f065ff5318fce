import net from 'node:net'

/** How long one answer is reused, and how long a connection attempt may take. */
const REUSE_MS = 1000
const CONNECT_TIMEOUT_MS = 1500

let last: { at: number; reachable: Promise<boolean> } | undefined

/**
 * Whether PostgreSQL accepts connections at DATABASE_URL's host and port (a TCP connect, answered
 * from the last second's result under load). Unix-socket or unparsable URLs count as reachable:
 * the query that follows reports its own failure.
 */
export function databaseReachable(databaseUrl = process.env.DATABASE_URL): Promise<boolean> {
  const now = Date.now()
  if (last && now - last.at < REUSE_MS) return last.reachable
  last = { at: now, reachable: probe(databaseUrl) }
  return last.reachable
}

function probe(databaseUrl: string | undefined): Promise<boolean> {
  let host: string
  let port: number
  try {
    const url = new URL(databaseUrl ?? '')
    host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1')
    port = Number(url.port || 5432)
    if (!host || host.startsWith('/')) return Promise.resolve(true)
  } catch {
    return Promise.resolve(true)
  }
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (reachable: boolean) => {
      socket.destroy()
      resolve(reachable)
    }
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}
