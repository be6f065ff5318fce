import diagnostics from 'node:diagnostics_channel'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

import { describe, expect, it, vi } from 'vitest'

/**
 * A checkout step's work waits until the connections of a burst are accepted, so a rush's requests
 * are answered in the order they came (scripts/lib/acceptFirst.cjs).
 */

const modulePath = path.resolve(import.meta.dirname, '../../../scripts/lib/acceptFirst.cjs')
const { afterAccepting } = createRequire(import.meta.url)(modulePath) as {
  afterAccepting: (start: () => void) => void
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * A server on a thread of its own, answering each request after 2 ms of work done in
 * `afterAccepting`, and stopped (its event loop blocked) until `gate` opens. It answers its port,
 * and the paths of the requests in the order their work ran. Its queue waits up to 200 turns as the
 * server's does, without the server's 50 ms bound: on a loaded machine the thread may be kept off
 * the processor that long while accepting, and the order is what is measured here (the bounds are
 * the last test's).
 */
const SERVER = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const { afterAccepting } = require(workerData.modulePath).acceptingQueue({ mostMs: 10000 })
const gate = new Int32Array(workerData.gate)
const order = []
const server = http.createServer((req, res) => {
  afterAccepting(() => {
    order.push(req.url)
    const until = performance.now() + 2
    while (performance.now() < until);
    res.end(req.url)
  })
})
server.keepAliveTimeout = 30000
server.listen(0, '127.0.0.1', () => {
  parentPort.postMessage(server.address().port)
  Atomics.wait(gate, 0, 0)
})
parentPort.on('message', () => parentPort.postMessage(order))
`

/** Opens a connection (the kernel completes it while the server's loop is blocked) and sends GET /first. */
function buyer(port: number): Promise<{ answered: Promise<void> }> {
  return new Promise((connected, failed) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('error', failed)
    socket.once('connect', () => {
      let seen = ''
      const answered = new Promise<void>((resolve, reject) => {
        socket.on('data', (chunk) => {
          seen += chunk.toString()
          // After its first answer, the buyer asks again on the same connection, as a checkout's next step does.
          if (seen.includes('/first') && !seen.includes('/second')) {
            seen = seen.replace('/first', '')
            socket.write('GET /second HTTP/1.1\r\nHost: localhost\r\n\r\n')
          } else if (seen.includes('/second')) {
            socket.destroy()
            resolve()
          }
        })
        socket.once('error', reject)
      })
      socket.write('GET /first HTTP/1.1\r\nHost: localhost\r\n\r\n')
      connected({ answered })
    })
  })
}

describe('afterAccepting', () => {
  it('answers a burst of new connections in the order they came: every first request before any second', async () => {
    const gate = new SharedArrayBuffer(4)
    const worker = new Worker(SERVER, { eval: true, workerData: { modulePath, gate } })
    try {
      const port = await new Promise<number>((resolve) => worker.once('message', resolve))
      // While the server is busy (its loop blocked), 40 buyers connect and ask at once.
      const buyers = await Promise.all(Array.from({ length: 40 }, () => buyer(port)))
      await new Promise((resolve) => setTimeout(resolve, 50))
      Atomics.store(new Int32Array(gate), 0, 1)
      Atomics.notify(new Int32Array(gate), 0)
      await Promise.all(buyers.map((b) => b.answered))

      worker.postMessage('order')
      const order = await new Promise<string[]>((resolve) => worker.once('message', resolve))
      expect(order).toHaveLength(80)
      // Node accepts one connection per turn of its loop: without the wait, the first buyers' second
      // requests ran before the last buyers' first ones.
      expect(order.lastIndexOf('/first')).toBeLessThan(order.indexOf('/second'))
    } finally {
      await worker.terminate()
    }
  })

  it('starts the work in the same turn on a quiet server, in the order asked', async () => {
    const ran: number[] = []
    afterAccepting(() => ran.push(1))
    afterAccepting(() => ran.push(2))
    await turn()
    expect(ran).toEqual([1, 2])
  })

  it('starts the others when one throws, and says so', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ran: number[] = []
    afterAccepting(() => {
      throw new Error('broken')
    })
    afterAccepting(() => ran.push(2))
    await turn()
    expect(ran).toEqual([2])
    expect(said).toHaveBeenCalledWith('Unexpected error starting a request:', expect.any(Error))
    said.mockRestore()
  })

  it('waits while connections come in, and a steady stream of them does not hold the work for long', async () => {
    // Node publishes each connection a server accepts on this channel.
    const accepted = diagnostics.channel('net.server.socket')
    let ran = false
    afterAccepting(() => {
      ran = true
    })
    // A connection accepted in every turn, for as long as the work waits.
    const started = performance.now()
    let turns = 0
    while (!ran) {
      accepted.publish({})
      await turn()
      turns += 1
      if (turns > 10_000) break
    }
    expect(ran).toBe(true)
    expect(turns).toBeGreaterThan(1)
    expect(turns).toBeLessThanOrEqual(201)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
