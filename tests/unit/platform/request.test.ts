import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { sendRequest } from '../../../src/platform/http/request'

/** A local server that records what it receives and answers only when told to. */
let server: http.Server
let base = ''
const received: { method?: string; type?: string; body: string }[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ method: req.method, type: req.headers['content-type'], body })
      if (req.url === '/never') return
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'Content-Type': 'application/json' })
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('the browser request helper', () => {
  it('sends a body as JSON and answers non-OK responses without throwing', async () => {
    const res = await sendRequest('POST', `${base}/missing`, { body: { name: 'Tee' } })
    expect(res.status).toBe(404)
    expect(received.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: '{"name":"Tee"}' })
  })

  it('gives up on a read after 8 s with "Query timeout"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const pending = sendRequest('GET', `${base}/never`)
      const outcome = expect(pending).rejects.toThrow('Query timeout')
      await vi.advanceTimersByTimeAsync(7_999)
      await vi.advanceTimersByTimeAsync(1)
      await outcome
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives a write 10 s before "Request timeout"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let settled = false
      const pending = sendRequest('PUT', `${base}/never`, { body: {} }).finally(() => (settled = true))
      const outcome = expect(pending).rejects.toThrow('Request timeout')
      await vi.advanceTimersByTimeAsync(9_000)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1_000)
      await outcome
    } finally {
      vi.useRealTimers()
    }
  })

  it("stops when the caller aborts, with the caller's reason rather than a timeout", async () => {
    const controller = new AbortController()
    const pending = sendRequest('GET', `${base}/never`, { signal: controller.signal })
    controller.abort(new Error('tab closed'))
    await expect(pending).rejects.toThrow('tab closed')
  })
})
