import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServer, type TestServer } from '../../helpers/server'

/**
 * A proxy in front (nginx) keeps connections to the server open between requests and may send the
 * next request on one at any moment. During the stop a request on such a connection is answered,
 * with `Connection: close` once the server no longer accepts connections, and the connection is
 * closed only after that answer: closed while the request is on its way, the proxy gets a reset
 * and answers 502 (a POST is never retried).
 */

let server: TestServer

beforeAll(async () => {
  server = await startServer({})
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

type Answer = { status: string; headers: Record<string, string>; body: string }

/** One HTTP/1.1 connection by address, as a proxy holds it, reading its answers one by one. */
class KeptAlive {
  private readonly socket: net.Socket
  private buffered = ''
  private ended = false
  private waiting: (() => void) | null = null

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1')
    this.socket.on('data', (chunk: Buffer) => this.wake(() => (this.buffered += chunk.toString('latin1'))))
    this.socket.on('close', () => this.wake(() => (this.ended = true)))
    this.socket.on('error', () => {})
  }

  get closed() {
    return this.ended
  }

  private wake(change: () => void) {
    change()
    this.waiting?.()
  }

  /** Sends `request` and reads its whole answer; fails when the connection ends first. */
  async send(request: string): Promise<Answer> {
    this.socket.write(request)
    for (;;) {
      const answer = this.take()
      if (answer) return answer
      if (this.ended)
        throw new Error(`The connection ended without an answer (received: ${JSON.stringify(this.buffered)})`)
      await new Promise<void>((resolve) => (this.waiting = resolve))
    }
  }

  /** The first complete answer buffered (Content-Length or chunked), removed from the buffer. */
  private take(): Answer | null {
    const end = this.buffered.indexOf('\r\n\r\n')
    if (end === -1) return null
    const [status, ...lines] = this.buffered.slice(0, end).split('\r\n')
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    )
    const rest = this.buffered.slice(end + 4)
    const read =
      headers['transfer-encoding'] === 'chunked'
        ? dechunk(rest)
        : rest.length >= Number(headers['content-length'] ?? 0)
          ? {
              body: rest.slice(0, Number(headers['content-length'] ?? 0)),
              used: Number(headers['content-length'] ?? 0),
            }
          : null
    if (!read) return null
    this.buffered = rest.slice(read.used)
    return { status: status!, headers, body: read.body }
  }
}

/** A chunked body's data and the characters it took, or null while it is incomplete. */
function dechunk(rest: string): { body: string; used: number } | null {
  let body = ''
  for (let at = 0; ;) {
    const eol = rest.indexOf('\r\n', at)
    if (eol === -1) return null
    const size = parseInt(rest.slice(at, eol), 16)
    if (size === 0) return rest.length >= eol + 4 ? { body, used: eol + 4 } : null
    if (rest.length < eol + 2 + size + 2) return null
    body += rest.slice(eol + 2, eol + 2 + size)
    at = eol + 2 + size + 2
  }
}

describe('stopping behind a proxy that keeps connections open', () => {
  it('keeps a kept-alive connection for answers while still accepting connections, answers a POST on it after that with Connection: close, and exits 0', async () => {
    const port = Number(new URL(server.url).port)
    const proxy = new KeptAlive(port)
    const host = `Host: 127.0.0.1:${port}\r\n`
    const first = await proxy.send(`GET /api/links HTTP/1.1\r\n${host}\r\n`)
    expect(first.status).toBe('HTTP/1.1 200 OK')
    expect(first.headers.connection).toBe('keep-alive')
    // Another connection the proxy used once and then leaves idle.
    const idle = new KeptAlive(port)
    expect((await idle.send(`GET /api/links HTTP/1.1\r\n${host}\r\n`)).status).toBe('HTTP/1.1 200 OK')

    // A third one, which the proxy uses again right after the signal.
    const early = new KeptAlive(port)
    expect((await early.send(`GET /api/links HTTP/1.1\r\n${host}\r\n`)).status).toBe('HTTP/1.1 200 OK')
    const signalAt = Date.now()
    server.kill('SIGTERM')
    // While the server still accepts connections (the first second), an answer keeps its
    // connection: closing it would make the proxy open a new one just as the listener closes.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const duringGrace = await early.send(`GET /api/links HTTP/1.1\r\n${host}\r\n`)
    expect(duringGrace.status).toBe('HTTP/1.1 200 OK')
    expect(duringGrace.headers.connection).toBe('keep-alive')
    // Later than the server stops accepting new connections (a second after the signal), sooner
    // than it closes connections left idle (DRAIN_QUIET_MS after that).
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(proxy.closed, 'the server closed the kept-alive connection while a request could be on its way').toBe(false)
    const body = JSON.stringify({ email: 'drain@example.com' })
    const answer = await proxy.send(
      `POST /api/newsletter/subscribe HTTP/1.1\r\n${host}Origin: ${server.url}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    )
    expect(answer.status).toBe('HTTP/1.1 200 OK')
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'Subscribed' })
    expect(answer.headers.connection).toBe('close')

    expect(await server.exited).toBe(0)
    expect(proxy.closed).toBe(true)
    expect(idle.closed).toBe(true)
    expect(early.closed).toBe(true)
    // The connection left idle is closed by the server too, and the stop ends within 10 s.
    expect(Date.now() - signalAt).toBeLessThan(10_000)
  }, 60_000)
})
