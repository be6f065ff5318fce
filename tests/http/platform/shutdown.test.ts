import http from 'node:http'
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../../scripts/lib/freePort'
import { Buyer, checkout, cms, createShirt, Db } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER_ENV, signIn } from '../../helpers/site'
import { TestSmtp } from '../../helpers/smtp'

/** SIGTERM, as `docker stop` or a rolling restart sends it: nothing in flight is lost. */

let server: TestServer
let smtp: TestSmtp
let db: Db

beforeAll(async () => {
  const smtpPort = await freePort()
  // A slow mail server: each message takes 3 s to be accepted.
  smtp = await new TestSmtp({ delayMs: 3000 }).start(smtpPort)
  server = await startServer({
    ...OWNER_ENV,
    PAYMENT_PROVIDER: 'test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  })
  db = new Db(server.databaseUrl)
})

afterAll(async () => {
  await db?.end()
  await server?.stop()
  await smtp?.stop()
})

/** A POST of the quote whose headers and first half are sent now; `finish` sends the rest. */
async function halfSentQuote(origin: string, input: unknown) {
  const body = JSON.stringify(input)
  const half = Math.floor(body.length / 2)
  const request = http.request(`${origin}/api/checkout/quote`, {
    method: 'POST',
    agent: false,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      res.on('error', reject)
    })
    request.on('error', reject)
  })
  request.write(body.slice(0, half))
  await new Promise<void>((resolve) => request.once('socket', (socket) => socket.once('connect', resolve)))
  return { answer, finish: () => request.end(body.slice(half)) }
}

describe('graceful shutdown', () => {
  it('answers every request of a burst and a slow client, finishes the email being sent, and exits 0 within 10 s', async () => {
    const owner = new Client(server.url, { forwardedFor: '192.0.2.2' })
    await signIn(owner)
    await cms(owner, 'POST', '/globals/theme-settings', { notificationEmail: '' })
    const shirt = await createShirt(owner, { price: 20, stock: 5 })
    const order = await checkout(new Buyer(server.url, { forwardedFor: '192.0.2.9' }), [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '20.00' },
    ])
    expect(order.body.status).toBe('paid')

    // Wait until the confirmation is being handed to the (slow) mail server.
    const deadline = Date.now() + 20_000
    while (smtp.receiving === 0) {
      if (Date.now() > deadline) throw new Error('The email was never sent')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }

    // 40 clients, each on its own connection, like 40 browsers, on an instance that has served
    // these pages before (as one being restarted has): each is asked for once first.
    const paths = ['/', '/api/products', '/api/links', '/api/shows', '/api/health', '/checkout']
    for (const p of paths) {
      const warm = await fetch(`${server.url}${p}`)
      await warm.arrayBuffer()
      expect(warm.status).toBe(200)
    }
    // By address, as a load balancer connects: no name lookup delays the connections.
    const origin = `http://127.0.0.1:${new URL(server.url).port}`
    const connected: Promise<void>[] = []
    const get = (p: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(`${origin}${p}`, { agent: false }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
          res.on('error', reject)
        })
        req.on('error', reject)
        connected.push(new Promise<void>((done) => req.once('socket', (socket) => socket.once('connect', done))))
      })
    const burstPaths = Array.from({ length: 40 }, (_, i) => paths[i % paths.length]!)
    const burst = burstPaths.map((p) => get(p))
    // A busy client: it connects before the signal but sends its request only 3 s after it.
    const slow = new net.Socket()
    await new Promise<void>((resolve, reject) =>
      slow.connect(Number(new URL(server.url).port), '127.0.0.1', resolve).once('error', reject),
    )
    let slowAnswer = ''
    slow.on('data', (chunk: Buffer) => (slowAnswer += chunk.toString('latin1')))
    const slowDone = new Promise<string>((resolve) => slow.once('close', () => resolve(slowAnswer)))
    slow.on('error', () => {})
    // A buyer whose quote request is still arriving: its headers and half its body are sent
    // before the signal, the rest after it, so this request is in flight whatever the timing.
    const quote = await halfSentQuote(origin, {
      items: [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 2, price: '20.00' }],
      country: 'US',
    })
    // The signal comes once every client is connected: a connection that only arrives after the
    // server stopped listening is the load balancer's to send elsewhere (the health check says 503).
    await Promise.all(connected)
    await new Promise((resolve) => setTimeout(resolve, 150))
    const signalAt = Date.now()
    server.kill('SIGTERM')
    setTimeout(quote.finish, 500)
    setTimeout(() => slow.write('GET /api/links HTTP/1.1\r\nHost: localhost\r\n\r\n'), 3000)

    const statuses = await Promise.allSettled(burst)
    expect(statuses.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []))).toEqual([])
    // Every page and API request is answered; the health check may already say the instance is
    // stopping (503), which is what tells a load balancer to send no more traffic.
    const wrong = statuses
      .map((s, i) => ({ path: burstPaths[i]!, status: (s as PromiseFulfilledResult<number>).value }))
      .filter(({ path, status }) => status !== 200 && !(path === '/api/health' && status === 503))
    expect(wrong).toEqual([])
    expect((await slowDone).split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
    // The quote whose body was still arriving is answered in full: 2 × $20.00.
    const quoted = await quote.answer
    expect(quoted.status).toBe(200)
    expect(JSON.parse(quoted.body).subtotalAmount).toBe('40.00')

    expect(await server.exited).toBe(0)
    expect(Date.now() - signalAt).toBeLessThan(10_000)

    // The email in flight was delivered and its job recorded as done, so no restart sends it again.
    expect(smtp.to('alex@example.com').some((m) => m.subject?.includes(order.orderId.slice(0, 8)))).toBe(true)
    const [job] = await db.emailJobs('alex@example.com')
    expect(job.completed_at).not.toBeNull()
    expect(await db.query(`SELECT count(*)::int AS n FROM payload_jobs WHERE processing`)).toEqual([{ n: 0 }])

    // It no longer accepts connections.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow()
  }, 60_000)
})
