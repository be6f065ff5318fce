import fs from 'node:fs'

/** The state /proc/net/tcp gives a listening socket. */
const LISTEN = '0A'

/**
 * How many connections wait in the kernel's accept queue of the sockets listening on `port`, as
 * Linux reports it in /proc/net/tcp and tcp6 (a listening socket's rx_queue is its accept queue);
 * 0 where that is not available.
 *
 * Node accepts queued connections only as fast as its event loop turns, a few per turn while
 * requests are being answered, so a burst can wait in that queue for seconds; closing the
 * listener resets every connection still in it.
 */
export function acceptQueueLength(port: number): number {
  let waiting = 0
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string
    try {
      table = fs.readFileSync(file, 'latin1')
    } catch {
      continue
    }
    for (const line of table.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue ...
      const [, local, , state, queues] = line.trim().split(/\s+/)
      if (state !== LISTEN || !local || !queues) continue
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== port) continue
      waiting += Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16) || 0
    }
  }
  return waiting
}
