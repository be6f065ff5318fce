import crypto from 'node:crypto'
import http from 'node:http'

import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'

/**
 * Inputs that once reached a 500 (or leaked the server's own address), sent as the exact bytes a
 * client could send: each answers a 4xx (or 405) with a JSON message and no stack trace.
 */

const site = useAdminSite()

type Raw = { status: number; type: string; text: string }

/** Sends exactly these bytes with these headers (fetch refuses TRACE and rewrites some headers). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Raw> {
  const bytes = body === undefined ? undefined : Buffer.from(body)
  const all: Record<string, string> = { 'X-Forwarded-For': site.address(), ...headers }
  if (bytes) all['Content-Length'] = String(bytes.length)
  return new Promise((resolve, reject) => {
    const req = http.request(site.server.url + path, { method, headers: all }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    req.on('error', reject)
    req.end(bytes)
  })
}

const asOwner = () => ({ Cookie: site.owner.cookie!, Origin: site.server.url })

/** A 4xx JSON answer carrying a message (the site's `message` or Payload's `errors[].message`). */
function expectClearError(res: Raw, status?: number) {
  const where = `${res.status} ${res.text.slice(0, 300)}`
  if (status === undefined) {
    expect(res.status, where).toBeGreaterThanOrEqual(400)
    expect(res.status, where).toBeLessThan(500)
  } else expect(res.status, where).toBe(status)
  expect(res.type, where).toContain('application/json')
  const body = JSON.parse(res.text)
  const message = body.message ?? body.errors?.[0]?.message
  expect(typeof message, where).toBe('string')
  expect(res.text, where).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+|\.js:\d+|127\.0\.0\.1|localhost/)
  return body
}

const BROKEN_MULTIPART = {
  type: 'multipart/form-data; boundary=x',
  body: 'this is not a multipart body\r\n--y\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
}

describe("Payload's REST API", () => {
  it('POST /api/cms/users/verify/x with no body → 4xx', async () => {
    expectClearError(await raw('POST', '/api/cms/users/verify/x', { Origin: site.server.url }))
  })

  for (const route of [
    'login',
    'forgot-password',
    'reset-password',
    'first-register',
    'unlock',
    'refresh-token',
    'logout',
    'verify/x',
  ]) {
    // Email verification is not used: its route is not found whatever the body.
    const status = route === 'verify/x' ? 404 : 400
    it(`a broken multipart body to /api/cms/users/${route} → ${status}`, async () => {
      const res = await raw(
        'POST',
        `/api/cms/users/${route}`,
        { 'Content-Type': BROKEN_MULTIPART.type, Origin: site.server.url },
        BROKEN_MULTIPART.body,
      )
      expectClearError(res, status)
    })
  }

  for (const collection of ['products', 'shows', 'links', 'media', 'users']) {
    it(`a broken multipart body to POST /api/cms/${collection} as the owner → 400`, async () => {
      const res = await raw(
        'POST',
        `/api/cms/${collection}`,
        { ...asOwner(), 'Content-Type': BROKEN_MULTIPART.type },
        BROKEN_MULTIPART.body,
      )
      expectClearError(res, 400)
    })
  }

  it('a NUL byte in a form body read as a GET (X-Payload-HTTP-Method-Override) → 400', async () => {
    for (const headers of [{ Origin: site.server.url }, asOwner()]) {
      const res = await raw(
        'POST',
        '/api/cms/products',
        { ...headers, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Payload-HTTP-Method-Override': 'GET' },
        'where[name][equals]=a\0b&limit=1',
      )
      expectClearError(res, 400)
    }
  })

  it('?limit=1e309 and ?page=-1 → 400', async () => {
    for (const query of ['limit=1e309', 'page=-1', 'limit=-1e21', 'page=1e309', 'limit=9e99']) {
      for (const headers of [{}, asOwner()]) {
        expectClearError(await raw('GET', `/api/cms/products?${query}`, headers), 400)
      }
    }
  })

  it('a date of year 275760 in a where → 400', async () => {
    for (const path of [
      '/api/cms/products?where[createdAt][greater_than]=275760-01-01',
      '/api/cms/shows?where[date][less_than]=%2B275760-09-13T00:00:00.000Z',
      '/api/cms/products?where[updatedAt][equals]=275760-01-01',
    ]) {
      for (const headers of [{}, asOwner()]) expectClearError(await raw('GET', path, headers), 400)
    }
  })

  it('very deep JSON in a body → 400', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    for (const path of ['/api/cms/products', '/api/cms/users/login']) {
      const res = await raw('POST', path, { ...asOwner(), 'Content-Type': 'application/json' }, `{"name":${deep}}`)
      expectClearError(res, 400)
    }
  })

  it('GET /api/cms/payload-migrations → 404 for everyone, naming no address', async () => {
    for (const headers of [{}, asOwner()]) {
      const res = await raw('GET', '/api/cms/payload-migrations', headers)
      expectClearError(res, 404)
    }
    expectClearError(await raw('GET', '/api/cms/payload-migrations/1', asOwner()), 404)
  })
})

describe("the app's own routes", () => {
  it('TRACE on App Router routes → 405', async () => {
    for (const path of [
      '/api/health',
      '/api/admin/links',
      '/api/newsletter/subscribe',
      '/shows.ics',
      '/api/cms/products',
    ]) {
      const res = await raw('TRACE', path)
      expect(res.status, `${path}: ${res.status} ${res.text.slice(0, 200)}`).toBe(405)
    }
  })

  it('very deep JSON in a body → 400', async () => {
    // Within the routes' 64 KB limit, and far deeper than a recursive walk's stack reaches.
    const deep = '['.repeat(30_000) + ']'.repeat(30_000)
    for (const path of ['/api/admin/links', '/api/orders']) {
      const res = await raw('POST', path, { ...asOwner(), 'Content-Type': 'application/json' }, `{"title":${deep}}`)
      expectClearError(res, 400)
    }
  })

  it('?limit=1e309 and ?page=-1 on a team list → 400 or a normal page, never a 500', async () => {
    for (const query of ['limit=1e309', 'page=-1', 'limit=-1']) {
      const res = await raw('GET', `/api/admin/orders?${query}`, asOwner())
      expect(res.status, res.text.slice(0, 200)).toBeLessThan(500)
    }
  })
})

describe('dates and amounts the columns cannot hold', () => {
  let showId: string
  beforeAll(async () => {
    const made = await site.owner.json('POST', '/api/admin/shows', {
      title: 'Far Future',
      venue: 'The Basement',
      date: new Date().toISOString().slice(0, 10),
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    showId = made.body.id
  })

  it('a show dated past year 275760 → 400 with a field message', async () => {
    for (const date of ['275760-01-01', '+275760-09-13T00:00:00.000Z', '+275761-01-01']) {
      const made = await site.owner.json('POST', '/api/admin/shows', { title: 'Far', venue: 'Away', date })
      expect(made.status, JSON.stringify(made.body)).toBe(400)
      expect(made.body.errors?.date, JSON.stringify(made.body)).toBeTruthy()
      const moved = await site.owner.json('PUT', `/api/admin/shows/${showId}`, { date })
      expect(moved.status, JSON.stringify(moved.body)).toBe(400)
      expect(moved.body.errors?.date, JSON.stringify(moved.body)).toBeTruthy()
    }
  })

  it('a discount starting or ending past year 275760 → 400 with a field message', async () => {
    for (const field of ['startsAt', 'endsAt']) {
      const made = await site.owner.json('POST', '/api/admin/discount-codes', {
        code: `FAR${field.toUpperCase()}`,
        kind: 'percent',
        value: 10,
        [field]: '+275760-09-13T00:00:00.000Z',
      })
      expect(made.status, JSON.stringify(made.body)).toBe(400)
      expect(made.body.errors?.[field], JSON.stringify(made.body)).toBeTruthy()
    }
  })

  it('a till sale or a counted cash amount too large for its column → 400 with a field message', async () => {
    const product = await site.owner.json('POST', '/api/admin/products', {
      name: 'Golden Tee',
      price: '25.00',
      inventory: 5,
      isActive: true,
    })
    expect(product.status, JSON.stringify(product.body)).toBe(201)
    const till = await site.owner.json('POST', `/api/admin/shows/${showId}/tills`, {})
    expect(till.status, JSON.stringify(till.body)).toBe(201)
    const sell = (unitPrice: string, quantity = 1) =>
      site.fresh().json('POST', `/api/till/${till.body.token}/sales`, {
        id: crypto.randomUUID(),
        at: new Date().toISOString(),
        items: [{ productId: product.body.id, productOptionId: null, quantity, unitPrice }],
        payment: 'cash',
      })
    for (const [unitPrice, quantity] of [
      ['21474836.48', 1],
      ['99999999.99', 1],
      ['3000000.00', 999],
    ] as const) {
      const res = await sell(unitPrice, quantity)
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(JSON.stringify(res.body.errors ?? {}), JSON.stringify(res.body)).toMatch(/items/)
    }
    expect((await sell('25.00')).status).toBe(201)

    const out = await site.owner.json('PUT', `/api/admin/shows/${showId}/count-out`, {
      lines: [],
      cashCounted: '21474836.48',
    })
    expect(out.status, JSON.stringify(out.body)).toBe(400)
    expect(out.body.errors?.cashCounted, JSON.stringify(out.body)).toBeTruthy()
  })
})
