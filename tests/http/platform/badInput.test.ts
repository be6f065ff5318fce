import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Client } from '../../helpers/http'

// The worker's shared site; each request comes from an address of the file's own.
const site = useAdminSite()
const client = () => site.fresh()

const POST_ROUTES = ['/api/newsletter/subscribe', '/api/auth/login', '/api/auth/setup', '/api/auth/accept-invite']

async function expectJsonError(res: Response, status: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/json')
  const body = await res.json()
  expect(typeof body.message).toBe('string')
  expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/)
  return body
}

describe('bad input gets a clear JSON error, never a 500', () => {
  for (const route of POST_ROUTES) {
    it(`${route}: malformed JSON → 400`, async () => {
      await expectJsonError(await client().post(route, '{"email": ', { 'Content-Type': 'application/json' }), 400)
    })

    it(`${route}: not JSON → 415`, async () => {
      await expectJsonError(await client().post(route, 'email: a@b.co', { 'Content-Type': 'text/plain' }), 415)
      // The newsletter form also posts natively (tests/http/site/public.test.ts); the others take JSON only.
      if (route !== '/api/newsletter/subscribe')
        await expectJsonError(
          await client().post(route, 'email=a@b.co', { 'Content-Type': 'application/x-www-form-urlencoded' }),
          415,
        )
    })

    it(`${route}: wrong types and missing fields → 400 with field messages`, async () => {
      for (const body of [{}, { email: 42, password: ['x'] }, [], null, 'text', { email: { $ne: '' } }]) {
        const res = await client().post(route, JSON.stringify(body), { 'Content-Type': 'application/json' })
        const json = await expectJsonError(res, 400)
        expect(json.errors ?? json.message).toBeTruthy()
      }
    })

    it(`${route}: an oversized body → 413`, async () => {
      const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) })
      await expectJsonError(await client().post(route, huge, { 'Content-Type': 'application/json' }), 413)
    })
  }

  it('unknown API routes answer a JSON 404', async () => {
    await expectJsonError(await client().get('/api/does-not-exist'), 404)
    await expectJsonError(await client().post('/api/nope/nope', {}), 404)
  })

  it('wrong methods answer 405', async () => {
    expect((await client().request('DELETE', '/api/links')).status).toBe(405)
    expect((await client().get('/api/newsletter/subscribe')).status).toBe(405)
  })

  it('an unknown page answers the 404 card with status 404', async () => {
    const res = await client().get('/no/such/page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Page Not Found')
  })

  it('a request from a foreign Origin is refused before anything is written', async () => {
    const evil = new Client(site.server.url, { origin: 'https://evil.example', forwardedFor: site.address() })
    await expectJsonError(await evil.post('/api/newsletter/subscribe', { email: 'victim@example.com' }), 403)
  })
})
