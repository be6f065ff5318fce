import http from 'node:http'

import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import type { Client } from '../../helpers/http'
import { unique } from '../../helpers/unique'

/**
 * The server's own microcache of public pages (scripts/lib/answerCache.cjs), for visitors who reach
 * it directly. Requests here carry no X-Forwarded-For (as from a visitor, not through a proxy),
 * except where the test says so.
 */
const site = useAdminSite({ restores: ['/api/admin/band-profile'] })
let owner: Client
const n = unique()

beforeAll(() => {
  owner = site.owner
})

const GZIP = { 'Accept-Encoding': 'gzip' }
const PLAIN = {}

/** A GET as sent on the wire (no header added), with the answer's bytes as they came (not decompressed). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ res: { status: number; headers: Headers }; bytes: Buffer }>((resolve, reject) => {
    const req = http.get(site.server.url + path, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const answer = new Headers()
        for (const [name, value] of Object.entries(res.headers)) answer.set(name, String(value))
        resolve({ res: { status: res.statusCode!, headers: answer }, bytes: Buffer.concat(chunks) })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** Waits past the page's `s-maxage` (1 s), so the next request goes to Next again. */
const pastMaxAge = () => new Promise((resolve) => setTimeout(resolve, 1_200))

describe("the server's microcache of public pages", () => {
  it('answers a visitor from memory the second time, with the same bytes and headers', async () => {
    await pastMaxAge()
    const first = await get('/', GZIP)
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('x-server-cache')).toBeNull()
    const second = await get('/', GZIP)
    expect(second.res.status).toBe(200)
    expect(second.res.headers.get('x-server-cache')).toBe('HIT')
    expect(second.bytes.equals(first.bytes)).toBe(true)
    expect(second.res.headers.get('content-length')).toBe(String(first.bytes.length))
    for (const name of ['content-type', 'content-encoding', 'cache-control', 'vary', 'content-security-policy'])
      expect(second.res.headers.get(name), name).toBe(first.res.headers.get(name))
  })

  it('keeps compressed and plain answers apart', async () => {
    await get('/', GZIP)
    await get('/', PLAIN)
    const gzip = await get('/', GZIP)
    const plain = await get('/', PLAIN)
    expect(gzip.res.headers.get('x-server-cache')).toBe('HIT')
    expect(plain.res.headers.get('x-server-cache')).toBe('HIT')
    expect(gzip.res.headers.get('content-encoding')).toBe('gzip')
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    expect(plain.bytes.toString('utf8')).toContain('<!DOCTYPE html>')
  })

  it("shows the band's change at once, without waiting for the kept page to expire", async () => {
    await get('/')
    expect((await get('/')).res.headers.get('x-server-cache')).toBe('HIT')
    const name = `Static Renamed ${n}`
    const profile = await owner.json('GET', '/api/admin/band-profile')
    const saved = await owner.request('PUT', '/api/admin/band-profile', { ...profile.body, name })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const after = await get('/')
    expect(after.bytes.toString('utf8')).toContain(name)
  })

  it('keeps the page a second (its s-maxage), then asks Next again', async () => {
    // The test before saved the band's profile, which drops the kept pages once more when its
    // database transaction has ended, a moment after the answer: a page being rendered then is not
    // kept. Its time is past once the page's own second is.
    await pastMaxAge()
    await get('/shows')
    expect((await get('/shows')).res.headers.get('x-server-cache')).toBe('HIT')
    await pastMaxAge()
    expect((await get('/shows')).res.headers.get('x-server-cache')).toBeNull()
    expect((await get('/shows')).res.headers.get('x-server-cache')).toBe('HIT')
  })

  it('never answers a signed-in member, a request through a proxy or a conditional one from it', async () => {
    await get('/')
    expect((await get('/')).res.headers.get('x-server-cache')).toBe('HIT')
    const signedIn = await get('/', { Cookie: owner.cookie! })
    expect(signedIn.res.status).toBe(200)
    expect(signedIn.res.headers.get('x-server-cache')).toBeNull()
    const proxied = await get('/', { 'X-Forwarded-For': site.address() })
    expect(proxied.res.headers.get('x-server-cache')).toBeNull()
    const routerData = await get('/shows', { RSC: '1' })
    expect(routerData.res.headers.get('x-server-cache')).toBeNull()
    const conditional = await get('/', { 'If-None-Match': '"x"' })
    expect(conditional.res.headers.get('x-server-cache')).toBeNull()
  })

  it('keeps no answer that is personal, not from Next’s page cache, or not a 200', async () => {
    for (const path of ['/api/band-profile', '/login', '/api/auth/user', `/shows/no-such-show-${n}`]) {
      await get(path)
      const again = await get(path)
      expect(again.res.headers.get('x-server-cache'), path).toBeNull()
    }
  })
})
