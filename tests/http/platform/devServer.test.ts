import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServer, type TestServer } from '../../helpers/server'

let dev: TestServer

// `npm run dev` compiles on first request: give it the time a slow machine needs.
beforeAll(async () => {
  dev = await startServer({}, { mode: 'dev' })
}, 240_000)
afterAll(() => dev?.stop())

describe('npm run dev serves the landing page as production does', () => {
  it('with no framework runtime: only the islands loader, and no script-dependent hidden body', async () => {
    const res = await fetch(`${dev.url}/`, { signal: AbortSignal.timeout(180_000) })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('__NEXT_DATA__')
    expect(html).not.toContain('data-next-hide-fouc')
    expect(html).not.toMatch(/<script[^>]+src="\/_next\/static\/chunks\//)
    const script = html.match(/"script":"(\/_next\/static\/islands\/islands-[A-Z0-9]+\.js)"/)?.[1]
    expect(script).toBeDefined()
    const islands = await fetch(`${dev.url}${script}`)
    expect(islands.status).toBe(200)
    expect(islands.headers.get('content-type')).toMatch(/javascript/)
    expect(html).toContain('data-island="Merch"')
  }, 200_000)
})
