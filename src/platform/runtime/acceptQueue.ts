import fs from 'node:fs'

/** The state /proc/net/tcp gives a listening socket. */
const LISTEN = '0A'
const CHUNK = 64 * 1024

/**
 * The lines of a /proc/net table up to its first socket that is not listening: Linux lists the
 * listening sockets first, so the rest of the table (every open connection, thousands under load)
 * is neither generated nor read.
 */
function listeningLines(file: string): string[] {
  let fd: number
  try {
    fd = fs.openSync(file, 'r')
  } catch {
    return []
  }
  const lines: string[] = []
  try {
    const buffer = Buffer.alloc(CHUNK)
    let rest = ''
    let header = true
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, CHUNK, null)
      if (read === 0) return lines
      const text = rest + buffer.toString('latin1', 0, read)
      const complete = text.split('\n')
      rest = complete.pop() ?? ''
      for (const line of complete) {
        if (header) {
          header = false
          continue
        }
        // sl local_address rem_address st tx_queue:rx_queue ...
        if (line.trim().split(/\s+/)[3] !== LISTEN) return lines
        lines.push(line)
      }
    }
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * How many connections wait in the kernel's accept queue of the sockets listening on `port`, as
 * Linux reports it in /proc/net/tcp and tcp6 (a listening socket's rx_queue is its accept queue);
 * 0 where that is not available.
 *
 * Node accepts queued connections only as fast as its event loop turns, a few per turn while
 * requests are being answered, so a burst can wait in that queue for seconds; closing the
 * listener resets every connection still in it. The listener is closed right after this reads 0,
 * so it reads as little as it can: a connection that arrives between the two is reset.
 */
export function acceptQueueLength(port: number): number {
  let waiting = 0
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of listeningLines(file)) {
      const [, local, , , queues] = line.trim().split(/\s+/)
      if (!local || !queues) continue
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== port) continue
      waiting += Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16) || 0
    }
  }
  return waiting
}
