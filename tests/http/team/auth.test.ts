import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Client } from '../../helpers/http'
import { payloadFor } from '../../helpers/payload'
import { startServer, type TestServer } from '../../helpers/server'

let server: TestServer
let payload: Payload
const OWNER = { email: 'first.owner@example.com', password: 'first-owner-pw', firstName: 'Fran' }

beforeAll(async () => {
  server = await startServer()
  payload = await payloadFor(server.databaseUrl)
})
afterAll(() => server?.discard())

const client = (ip: string, origin?: string | null) => new Client(server.url, { forwardedFor: ip, origin })

async function invite(email: string, role: 'manager' | 'viewer' = 'viewer') {
  const { createInvitation } = await import('@/modules/team/server/accounts')
  const owner = await payload.find({
    collection: 'users',
    where: { role: { equals: 'owner' } },
    limit: 1,
    overrideAccess: true,
  })
  return createInvitation(payload, { email, role, invitedBy: owner.docs[0]!.id })
}

describe('first start without users', () => {
  it('GET /api/login sends the browser to /login?next=/admin', async () => {
    const res = await client('10.0.0.1').get('/api/login')
    expect(res.status).toBe(302)
    expect(
      new URL(res.headers.get('location')!, server.url).pathname +
        new URL(res.headers.get('location')!, server.url).search,
    ).toBe('/login?next=/admin')
  })

  it('/login offers "Create the owner account" while no user exists', async () => {
    const html = await (await client('10.0.0.1').get('/login')).text()
    expect(html).toContain('Create the owner account')
  })

  it('/admin sends a visitor who is not signed in to the login endpoint', async () => {
    const res = await client('10.0.0.1').get('/admin')
    expect([302, 303, 307]).toContain(res.status)
    expect(res.headers.get('location')).toContain('/api/login')
  })

  it('POST /api/auth/setup creates the owner and signs them in, once only', async () => {
    const owner = client('10.0.0.2')
    const { status, body, res } = await owner.json('POST', '/api/auth/setup', OWNER)
    expect(status).toBe(201)
    expect(body.user).toMatchObject({ email: OWNER.email, role: 'owner', isActive: true, firstName: 'Fran' })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Secure/i) // next start runs in production mode
    expect((await owner.json('GET', '/api/auth/user')).body).toMatchObject({ email: OWNER.email, role: 'owner' })

    const again = await client('10.0.0.3').json('POST', '/api/auth/setup', {
      email: 'intruder@example.com',
      password: 'intruder-pw',
    })
    expect(again.status).toBe(403)
    const users = await payload.count({ collection: 'users', overrideAccess: true })
    expect(users.totalDocs).toBe(1)
    expect(await (await client('10.0.0.1').get('/login')).text()).not.toContain('Create the owner account')
  })
})

describe('sign-in and sign-out', () => {
  it('GET /api/auth/user answers 401 without a session', async () => {
    const { status, body } = await client('10.0.1.1').json('GET', '/api/auth/user')
    expect(status).toBe(401)
    expect(body.message).toBe('Unauthorized')
  })

  it('wrong password answers 401 without a cookie; the right one signs in', async () => {
    const c = client('10.0.1.2')
    const wrong = await c.json('POST', '/api/auth/login', { email: OWNER.email, password: 'nope-nope' })
    expect(wrong.status).toBe(401)
    expect(c.cookie).toBeNull()
    const right = await c.json('POST', '/api/auth/login', {
      email: OWNER.email.toUpperCase(),
      password: OWNER.password,
    })
    expect(right.status).toBe(200)
    expect(right.body.user).not.toHaveProperty('hash')
    expect(right.body.user).not.toHaveProperty('sessions')
    expect((await c.get('/api/auth/user')).status).toBe(200)
  })

  it('GET /api/logout ends the session at once and goes home', async () => {
    const c = client('10.0.1.3')
    await c.post('/api/auth/login', { email: OWNER.email, password: OWNER.password })
    const token = c.cookie
    const res = await c.get('/api/logout')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
    expect(c.cookie).toBeNull()
    // The old token is refused even if someone kept it.
    c.cookie = token
    expect((await c.get('/api/auth/user')).status).toBe(401)
  })

  it('cookie-authenticated writes from a foreign Origin are refused', async () => {
    const c = client('10.0.1.4')
    await c.post('/api/auth/login', { email: OWNER.email, password: OWNER.password })
    const evil = new Client(server.url, { origin: 'https://evil.example', forwardedFor: '10.0.1.4' })
    evil.cookie = c.cookie
    const cmsWrite = await evil.post('/api/cms/links', { title: 'Hijack', url: 'https://evil.example' })
    expect([401, 403]).toContain(cmsWrite.status)
    expect((await evil.get('/api/auth/user')).status).toBe(401)
    const login = await evil.post('/api/auth/login', { email: OWNER.email, password: OWNER.password })
    expect(login.status).toBe(403)
    const links = await payload.count({
      collection: 'links',
      where: { title: { equals: 'Hijack' } },
      overrideAccess: true,
    })
    expect(links.totalDocs).toBe(0)
  })
})

describe('invitations', () => {
  it('an invited user sets a password from the link and is signed in; the link works once', async () => {
    const { token } = await invite('new.manager@example.com', 'manager')
    const html = await (await client('10.0.2.1').get(`/login?invite=${token}`)).text()
    expect(html).toContain('Set your password')
    const c = client('10.0.2.1')
    const accepted = await c.json('POST', '/api/auth/accept-invite', {
      token,
      password: 'manager-pw-1',
      firstName: 'Mo',
    })
    expect(accepted.status).toBe(200)
    expect(accepted.body.user).toMatchObject({ email: 'new.manager@example.com', role: 'manager', firstName: 'Mo' })
    expect((await c.json('GET', '/api/auth/user')).body.email).toBe('new.manager@example.com')

    const reused = await client('10.0.2.2').json('POST', '/api/auth/accept-invite', { token, password: 'another-pw-2' })
    expect(reused.status).toBe(400)
    expect(reused.body.message).toMatch(/invalid or has expired/)
    // Opening the used link says so at once, instead of showing the password form.
    const closed = await (await client('10.0.2.1').get(`/login?invite=${token}`)).text()
    expect(closed).toContain('This invitation link is invalid or has expired')
    expect(closed).not.toContain('Set your password')
    expect(
      (await client('10.0.2.3').post('/api/auth/login', { email: 'new.manager@example.com', password: 'manager-pw-1' }))
        .status,
    ).toBe(200)
  })

  it('an expired invitation is refused', async () => {
    const { token, user } = await invite('late@example.com')
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { invitationExpiresAt: new Date(Date.now() - 1000).toISOString() },
      overrideAccess: true,
    })
    const { status } = await client('10.0.2.4').json('POST', '/api/auth/accept-invite', {
      token,
      password: 'late-password',
    })
    expect(status).toBe(400)
  })

  it('a made-up token is refused', async () => {
    const { status } = await client('10.0.2.5').json('POST', '/api/auth/accept-invite', {
      token: 'deadbeef',
      password: 'whatever-pw',
    })
    expect(status).toBe(400)
  })
})

describe('deactivated users', () => {
  it('their open session stops working at once and they cannot sign in again', async () => {
    const { token } = await invite('leaving@example.com')
    const member = client('10.0.3.1')
    expect((await member.post('/api/auth/accept-invite', { token, password: 'leaving-pw-1' })).status).toBe(200)
    expect((await member.get('/api/auth/user')).status).toBe(200)

    const owner = client('10.0.3.2')
    await owner.post('/api/auth/login', { email: OWNER.email, password: OWNER.password })
    const id = (await member.json('GET', '/api/auth/user')).body.id
    const { status } = await owner.json('PATCH', `/api/cms/users/${id}`, { isActive: false })
    expect(status).toBe(200)

    expect((await member.get('/api/auth/user')).status).toBe(401)
    expect((await member.get('/api/cms/users/me')).status).toBe(200)
    expect((await member.json('GET', '/api/cms/users/me')).body.user).toBeFalsy()
    const again = await client('10.0.3.3').json('POST', '/api/auth/login', {
      email: 'leaving@example.com',
      password: 'leaving-pw-1',
    })
    expect(again.status).toBe(403)
    expect(again.body.message).toMatch(/deactivated/)
  })
})

describe('OWNER_EMAIL and OWNER_PASSWORD', () => {
  it('create the owner on the first start, so /login shows the sign-in form', async () => {
    const other = await startServer({ OWNER_EMAIL: 'Boot@Example.com', OWNER_PASSWORD: 'boot-password' })
    try {
      const c = new Client(other.url)
      expect(await (await c.get('/login')).text()).not.toContain('Create the owner account')
      const { status, body } = await c.json('POST', '/api/auth/login', {
        email: 'boot@example.com',
        password: 'boot-password',
      })
      expect(status).toBe(200)
      expect(body.user.role).toBe('owner')
    } finally {
      await other.stop()
    }
  }, 120_000)
})
