import fs from 'node:fs'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServer, type TestServer } from '../../helpers/server'

/**
 * Memory given back after a burst: a crawler's or a scan's requests grow V8's heap far beyond what
 * the server keeps alive. Once the server is idle it collects, and its RSS returns near where it
 * was before the burst instead of staying at the burst's level.
 */

let server: TestServer
const rssMb = () => Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) / 1024

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.discard())

/** Ten seconds of eight clients asking for pages, unknown pages and quotes with a 700 KB body. */
async function burst(): Promise<number> {
  const body = JSON.stringify({
    email: 'fan@example.com',
    items: Array.from({ length: 20_000 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })),
  })
  const paths = ['/', '/shows', '/api/products', '/shows/not-a-show-', '/api/shows', '/not-a-page-']
  const end = Date.now() + 10_000
  let sent = 0
  let peak = 0
  const client = async (c: number) => {
    while (Date.now() < end) {
      const i = sent++
      const headers = { 'X-Forwarded-For': `10.77.${c}.${i % 250}`, Origin: server.url }
      const path = paths[i % paths.length]!
      const res =
        i % 3 === 0
          ? await fetch(`${server.url}/api/checkout/quote`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body,
            })
          : await fetch(`${server.url}${path}${path.endsWith('-') ? i : ''}`, { headers })
      await res.arrayBuffer()
      expect(res.status).toBeLessThan(500)
      if (i % 20 === 0) peak = Math.max(peak, rssMb())
    }
  }
  await Promise.all(Array.from({ length: 8 }, (_, c) => client(c)))
  return peak
}

describe('memory after a burst of requests', () => {
  it('runs the server on jemalloc, which gives back the native memory a burst freed', () => {
    // The server started as npm start starts it (scripts/start.sh); glibc's allocator would keep a
    // burst's freed native memory in its per-thread arenas.
    const maps = fs.readFileSync(`/proc/${server.pid}/maps`, 'utf8')
    expect(maps).toMatch(/\/libjemalloc\.so\.2$/m)
  })

  it('is collected once the server is idle, and RSS returns within 100 MB of where it was before', async () => {
    for (const path of ['/', '/shows', '/api/products']) await (await fetch(`${server.url}${path}`)).arrayBuffer()
    const before = rssMb()
    const peak = await burst()
    const collected = /Idle after a burst of requests: memory collected, heap in use (\d+) → (\d+) MB/
    const deadline = Date.now() + 30_000
    while (!collected.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500))
    // The system gets the pages back shortly after a collection (V8 unmaps them on a thread of its
    // own), and the further collections of an idle server give back more: RSS is read until it is
    // back, for as long as those take.
    const settled = Date.now() + 40_000
    let after = rssMb()
    while (after >= before + 100 && Date.now() < settled) {
      await new Promise((r) => setTimeout(r, 500))
      after = rssMb()
    }
    const [, heapBefore, heapAfter] = server.output().match(collected) ?? []
    console.log(`RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} at the peak, ${after.toFixed(0)} after.`)
    console.log(`Heap ${heapBefore} MB before the idle collection, ${heapAfter} MB after.`)
    expect(after).toBeLessThan(before + 100)
    expect(heapBefore, 'the server collected once it was idle').toBeDefined()
    expect(Number(heapAfter)).toBeLessThan(Number(heapBefore))
  }, 120_000)
})
