import http from 'node:http'
import { createRequire } from 'node:module'
import net from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { unstorableTextPath } from '@/lib/storableText'
import { PAYPAL_WEBHOOK_MAX_BYTES } from '@/modules/shop/server/payments/webhook'
import { MAX_UPLOAD_BYTES } from '@/platform/storage/keys'

const limits = createRequire(import.meta.url)('../../../scripts/lib/requestHooks.cjs') as Record<string, number>

describe('the body limits in front of every route', () => {
  it('let through what the routes behind them take', () => {
    expect(limits.UPLOAD_LIMIT).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES)
    expect(limits.UPLOAD_LIMIT).toBeLessThan(MAX_UPLOAD_BYTES + 1024 * 1024)
    expect(limits.WEBHOOK_LIMIT).toBe(PAYPAL_WEBHOOK_MAX_BYTES)
    expect(limits.JSON_LIMIT).toBeGreaterThanOrEqual(64 * 1024)
    expect(limits.JSON_LIMIT).toBeLessThanOrEqual(512 * 1024)
  })
})

describe('unstorableTextPath', () => {
  it('names the first string or key the database cannot store', () => {
    expect(unstorableTextPath({ a: 'fine', b: ['ok', 'x\u0000'] })).toBe('b.1')
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k\u0000')
    expect(unstorableTextPath('\ud800')).toBe('')
    expect(unstorableTextPath({ a: 'x\udc00' })).toBe('a')
  })

  it('lets everything else through, emoji (surrogate pairs) included', () => {
    expect(unstorableTextPath({ a: 'Ünïcödé 🎸', b: [1, null, true, { c: '' }] })).toBeNull()
    expect(unstorableTextPath(null)).toBeNull()
  })
})

describe('a slow upload', () => {
  // A server with the hooks whose own request time limit is 1 s, checked every 100 ms.
  let server: http.Server
  let port: number
  beforeAll(async () => {
    server = http.createServer({ requestTimeout: 1000, connectionsCheckingInterval: 100 }, (req, res) => {
      req.resume()
      req.on('end', () => res.end('stored'))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as net.AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /** Sends a 4-byte body to `path` a byte every 500 ms: 2 s in all. Answers the status line. */
  async function sendSlowly(path: string): Promise<string> {
    const socket = net.connect(port, '127.0.0.1')
    const answer = new Promise<string>((resolve) => {
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text.split('\r\n', 1)[0]!))
      socket.on('error', () => resolve(text.split('\r\n', 1)[0]!))
    })
    socket.write(`PUT ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nConnection: close\r\n\r\n`)
    for (const byte of 'abcd') {
      await sleep(500)
      if (!socket.destroyed) socket.write(byte)
    }
    return answer
  }

  it("of an audio master is taken whole however long it takes; any other body keeps the server's limit", async () => {
    expect(limits.AUDIO_UPLOAD_TIMEOUT_MS).toBeGreaterThanOrEqual(60 * 60 * 1000)
    expect(await sendSlowly('/api/objects/put/image-token')).toBe('HTTP/1.1 408 Request Timeout')
    expect(await sendSlowly('/api/objects/put/audio/token')).toBe('HTTP/1.1 200 OK')
  })
})
