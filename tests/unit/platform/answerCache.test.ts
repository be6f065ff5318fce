import http from 'node:http'
import { createRequire } from 'node:module'

import { afterEach, describe, expect, it } from 'vitest'

type AnswerCache = {
  serve: (req: http.IncomingMessage, res: http.ServerResponse) => boolean
  clear: () => void
  size: () => { entries: number; bytes: number }
}
const { createAnswerCache } = createRequire(import.meta.url)('../../../scripts/lib/answerCache.cjs') as {
  createAnswerCache: (options?: { maxEntries?: number; maxBytes?: number; now?: () => number }) => AnswerCache
}

/**
 * The microcache in front of a real Node HTTP server whose handler stands in for Next: it answers
 * every page with `body(path)`, marked as Next marks a page served from its cache, and counts the
 * requests that reached it.
 */
async function siteWith(cache: AnswerCache, body: (path: string) => string, headers: Record<string, string> = {}) {
  const reached: string[] = []
  const server = http.createServer((req, res) => {
    if (cache.serve(req, res)) return
    reached.push(req.url!)
    res.setHeader('Content-Type', 'text/html')
    res.setHeader('Cache-Control', 'public, s-maxage=1, stale-while-revalidate=59')
    res.setHeader('x-nextjs-cache', 'HIT')
    res.setHeader('Vary', 'Accept-Encoding')
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    res.write(body(req.url!).slice(0, 10))
    res.end(body(req.url!).slice(10))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  servers.push(server)
  const get = async (path: string) => {
    const res = await fetch(base + path)
    return { text: await res.text(), hit: res.headers.get('x-server-cache') === 'HIT' }
  }
  return { get, reached }
}

const servers: http.Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

describe('answerCache', () => {
  it('keeps at most its number of answers and its bytes, dropping the oldest first', async () => {
    const cache = createAnswerCache({ maxEntries: 3, maxBytes: 1_000_000 })
    const site = await siteWith(cache, (path) => `page ${path} ${'x'.repeat(100)}`)
    for (let i = 0; i < 10; i++) await site.get(`/?q=${i}`)
    expect(cache.size().entries).toBe(3)
    expect((await site.get('/?q=9')).hit).toBe(true)
    expect((await site.get('/?q=0')).hit).toBe(false)

    const small = createAnswerCache({ maxEntries: 100, maxBytes: 2_500 })
    const big = await siteWith(small, (path) => `page ${path} ${'y'.repeat(1_000)}`)
    for (let i = 0; i < 10; i++) await big.get(`/?q=${i}`)
    expect(small.size().bytes).toBeLessThanOrEqual(2_500)
    expect(small.size().entries).toBe(2)
  })

  it('answers from memory until the s-maxage has passed, then lets one request refresh it', async () => {
    let now = 1_000_000
    const cache = createAnswerCache({ now: () => now })
    let version = 1
    const site = await siteWith(cache, () => `version ${version}`)
    expect(await site.get('/')).toEqual({ text: 'version 1', hit: false })
    version = 2
    expect(await site.get('/')).toEqual({ text: 'version 1', hit: true })
    now += 1_001
    expect(await site.get('/')).toEqual({ text: 'version 2', hit: false })
    expect(await site.get('/')).toEqual({ text: 'version 2', hit: true })
    expect(site.reached).toEqual(['/', '/'])
  })

  it('drops everything on clear, and keeps no answer whose rendering began before the clear', async () => {
    const cache = createAnswerCache()
    let version = 1
    let clearWhileRendering = false
    const site = await siteWith(cache, () => {
      if (clearWhileRendering) cache.clear()
      return `version ${version}`
    })
    await site.get('/')
    version = 2
    cache.clear()
    expect(await site.get('/')).toEqual({ text: 'version 2', hit: false })
    clearWhileRendering = true
    cache.clear()
    await site.get('/')
    clearWhileRendering = false
    expect((await site.get('/')).hit).toBe(false)
  })

  it('keeps no answer that sets a cookie, is private, or varies on another header', async () => {
    const kinds: Record<string, string>[] = [
      { 'Set-Cookie': 'a=b' },
      { 'Cache-Control': 'private, no-store' },
      { Vary: 'Accept-Encoding, Cookie' },
    ]
    for (const headers of kinds) {
      const cache = createAnswerCache()
      const site = await siteWith(cache, () => 'page', headers)
      await site.get('/')
      expect((await site.get('/')).hit, JSON.stringify(headers)).toBe(false)
      expect(cache.size().entries).toBe(0)
    }
  })
})
