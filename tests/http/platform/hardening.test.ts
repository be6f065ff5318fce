import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { CMS_COLLECTIONS } from '../../helpers/cms'
import { sendLargeBody, serverRss } from '../../helpers/requests'

/** Inputs that once cost memory or escaped as a 500, on the site's routes and on Payload's. */

// The worker's shared site; each request comes from an address of the file's own.
const site = useAdminSite()
const address = () => site.address()
const anonymous = () => site.fresh()
const MB = 1024 * 1024

/** The headers a browser signed in as the owner sends. */
const ownerHeaders = (type = 'application/json') => ({
  'Content-Type': type,
  Origin: site.server.url,
  'X-Forwarded-For': address(),
  Cookie: site.owner.cookie!,
})

/** The headers an anonymous browser sends with JSON, from an address of its own. */
const anonymousJsonHeaders = () => ({
  'Content-Type': 'application/json',
  Origin: site.server.url,
  'X-Forwarded-For': address(),
})

/** A JSON body of `size` bytes (a string of x's) sent to one of the server's routes. */
const sendLargeJson = (path: string, options: Omit<Parameters<typeof sendLargeBody>[1], 'json' | 'fill'>) =>
  sendLargeBody(`${site.server.url}${path}`, { ...options, json: true, fill: 'x' })

describe('one body limit in front of every route', () => {
  it('an anonymous 100 MB JSON body to Payload is refused (401) before it is read', async () => {
    const before = serverRss(site.server.pid)
    const res = await sendLargeJson('/api/cms/products', { headers: anonymousJsonHeaders(), size: 100 * MB })
    const grown = serverRss(site.server.pid) - before
    console.log(
      `anonymous 100 MB POST /api/cms/products: ${res.status} after ${res.ms.toFixed(0)} ms, ` +
        `${(res.sent / MB).toFixed(1)} MB sent, RSS ${grown >= 0 ? '+' : ''}${(grown / MB).toFixed(1)} MB`,
    )
    expect(res.status).toBe(401)
    expect(JSON.parse(res.body).errors[0].message).toMatch(/sign in/i)
    expect(res.headers.connection).toBe('close')
    expect(res.ms).toBeLessThan(500)
    expect(grown).toBeLessThan(20 * MB)
  })

  it("the owner's 100 MB JSON body to Payload is refused (413) before it is read", async () => {
    const before = serverRss(site.server.pid)
    const res = await sendLargeJson('/api/cms/products', { headers: ownerHeaders(), size: 100 * MB })
    const grown = serverRss(site.server.pid) - before
    console.log(
      `owner 100 MB POST /api/cms/products: ${res.status} after ${res.ms.toFixed(0)} ms, RSS +${(grown / MB).toFixed(1)} MB`,
    )
    expect(res.status).toBe(413)
    expect(res.headers.connection).toBe('close')
    expect(res.ms).toBeLessThan(500)
    expect(grown).toBeLessThan(20 * MB)
  })

  it('a chunked 20 MB body to GraphQL is counted as it arrives and refused (413)', async () => {
    const res = await sendLargeJson('/api/cms/graphql', {
      headers: anonymousJsonHeaders(),
      size: 20 * MB,
      chunked: true,
    })
    expect(res.status).toBe(413)
    expect(res.sent).toBeLessThan(20 * MB)
  })

  it('a chunked 2 MB JSON body to a team route is refused (413), as is a declared one', async () => {
    for (const chunked of [true, false]) {
      const res = await sendLargeJson('/api/admin/links', { headers: ownerHeaders(), size: 2 * MB, chunked })
      expect(res.status).toBe(413)
      expect(JSON.parse(res.body).message).toMatch(/too large/i)
    }
  })

  it('a media upload to Payload over 10 MB is refused (413); JSON bodies within the limit still work', async () => {
    const res = await sendLargeBody(`${site.server.url}/api/cms/media`, {
      headers: ownerHeaders('multipart/form-data; boundary=x'),
      size: 11 * MB,
    })
    expect(res.status).toBe(413)
    const created = await site.owner.json('POST', '/api/cms/links', {
      title: 'Long',
      url: `https://example.com/${'a'.repeat(100)}`,
    })
    expect(created.status).toBe(201)
  })

  it("anonymous writes to Payload's REST answer 401; the sign-in routes anonymous visitors need still answer", async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const res = await anonymous().json(method, '/api/cms/links', { title: 'x', url: 'https://example.com' })
      expect(res.status, method).toBe(401)
    }
    const login = await anonymous().json('POST', '/api/cms/users/login', { email: 'no@example.com', password: 'x' })
    expect(login.status).toBe(401)
    const forgot = await anonymous().json('POST', '/api/cms/users/forgot-password', { email: 'no@example.com' })
    expect(forgot.status).toBe(200)
    expect((await anonymous().json('POST', '/api/cms/users/logout')).status).toBeLessThan(500)
  })
})

describe('no 5xx for any input', () => {
  it("a NUL byte in Payload's query answers 400", async () => {
    const res = await anonymous().json('GET', '/api/cms/products?where[name][like]=%2Fe%00')
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toMatch(/NUL|not allowed/i)
    expect((await anonymous().json('GET', '/api/cms/products?where[name][like]=%FF')).status).toBe(400)
    expect((await anonymous().json('GET', '/api/cms/products/%00')).status).toBe(404)
  })

  it('a NUL byte in the team lists and their exports answers 400 before any download starts', async () => {
    for (const path of [
      '/api/admin/orders?q=a%00',
      '/api/admin/subscribers?q=a%00',
      '/api/admin/orders/export?q=a%00',
      '/api/admin/subscribers/export?q=a%00',
    ]) {
      const res = await site.owner.json('GET', path)
      expect(res.status, path).toBe(400)
      expect(res.body.message, path).toMatch(/not allowed/i)
    }
  })

  it('a NUL byte in a JSON field answers 400, on the team API and on Payload', async () => {
    const ours = await site.owner.json('POST', '/api/admin/links', { title: 'a\u0000b', url: 'https://example.com' })
    expect(ours.status).toBe(400)
    expect(ours.body.message).toMatch(/not allowed/i)
    const payloads = await site.owner.json('POST', '/api/cms/shows', {
      title: 'a\u0000b',
      venue: 'Club',
      date: '2030-01-01',
    })
    expect(payloads.status).toBe(400)
    const update = await site.owner.json('POST', '/api/cms/globals/band-profile', { name: 'x\u0000' })
    expect(update.status).toBe(400)
    const login = await anonymous().json('POST', '/api/cms/users/login', {
      email: 'a\u0000@example.com',
      password: 'x',
    })
    expect(login.status).toBe(400)
  })

  it("a form body to Payload's create answers 415 on every collection", async () => {
    // Media takes its file as multipart, so a form body is not refused the same way there.
    for (const collection of CMS_COLLECTIONS.filter((c) => c !== 'media')) {
      const res = await site.owner.post(`/api/cms/${collection}`, 'title=x', {
        'Content-Type': 'application/x-www-form-urlencoded',
      })
      expect(res.status, collection).toBe(415)
    }
    const text = await site.owner.post('/api/cms/shows', 'title=x', { 'Content-Type': 'text/plain' })
    expect(text.status).toBe(415)
  })

  it("an empty or non-object body to Payload's create answers 400", async () => {
    for (const body of ['', 'null', '[]', '"text"', '42']) {
      const res = await site.owner.post('/api/cms/shows', body, { 'Content-Type': 'application/json' })
      expect(res.status, body).toBe(400)
    }
  })

  it('a missing media file answers 404', async () => {
    const res = await anonymous().get('/api/cms/media/file/missing.png')
    expect(res.status).toBe(404)
  })
})
