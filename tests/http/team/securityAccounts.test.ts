import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Client } from '../../helpers/http'
import { invite as inviteMember, member as acceptedMember } from '../../helpers/site'
import { unique } from '../../helpers/unique'

/** Attacks a security review sent to the production server on sign-in, invitations and passwords, each refused. */

// The worker's shared site: the accounts attacked here are the file's own, under addresses of its own.
const site = useAdminSite({ db: true })
const address = () => site.address()
const n = unique()
/** An email address of the file's own, `name-<n>@example.com`. */
const mail = (name: string) => `${name}-${n}@example.com`
const invite = (email: string, role?: 'manager' | 'viewer') => inviteMember(site, email, role)
const member = (email: string, role: 'manager' | 'viewer') => acceptedMember(site, email, role, address())
/** A new browser from an address of its own; `origin: null` sends no Origin, as a script does. */
const browser = (origin?: null) => new Client(site.server.url, { forwardedFor: address(), origin })
/** Accepts an invitation from a new browser. */
const accept = (token: string, password: string) =>
  browser().json('POST', '/api/auth/accept-invite', { token, password })

describe('sign-in lockout', () => {
  it('twelve wrong passwords for an account from many addresses do not lock its real user out, the owner alike', async () => {
    // Sign-ins are slowed per account whatever its role: an account of the file's own stands for the
    // owner, whom the other files of the worker sign in.
    const target = await member(mail('attacked.owner'), 'manager')
    const account = { email: mail('attacked.owner'), password: target.password }
    for (let i = 0; i < 12; i++) {
      const attacker = browser()
      const { status } = await attacker.json('POST', '/api/auth/login', {
        email: account.email,
        password: `guess-${i}-wrong`,
      })
      expect(status).toBe(401)
    }
    const real = new Client(site.server.url, { forwardedFor: address() })
    const { status } = await real.json('POST', '/api/auth/login', account)
    expect(status).toBe(200)
  }, 60_000)
})

describe("invitations and Payload's own forgot-password", () => {
  it('a public forgot-password for an invited address leaves the invitation link working', async () => {
    const { token } = await invite(mail('invited.fan'))
    const forgot = await browser(null).json('POST', '/api/cms/users/forgot-password', {
      email: mail('invited.fan'),
    })
    expect(forgot.status).toBeLessThan(500)
    const accepted = await accept(token, 'invited-password-1')
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    // Single use.
    const again = await accept(token, 'another-password-2')
    expect(again.status).toBe(400)
  })

  it('inviting someone who has not accepted yet sends a fresh link; the old one stops working', async () => {
    const first = await invite(mail('twice.invited'))
    const second = await invite(mail('twice.invited'), 'manager')
    expect(second.id).toBe(first.id)
    const stale = await accept(first.token, 'twice-password-1')
    expect(stale.status).toBe(400)
    const fresh = await accept(second.token, 'twice-password-1')
    expect(fresh).toMatchObject({ status: 200, body: { user: { role: 'manager' } } })
    // Once accepted, inviting the address again is refused.
    expect(
      (await site.owner.json('POST', '/api/admin/users/invite', { email: mail('twice.invited'), role: 'viewer' }))
        .status,
    ).toBe(409)
  })

  it('the invitation token is not stored as it is, and an expired one is refused', async () => {
    const { token, id } = await invite(mail('stored.token'))
    const [row] = await site.db.query('SELECT * FROM users WHERE id = $1', [id])
    expect(Object.values(row).some((v) => typeof v === 'string' && v.includes(token))).toBe(false)
    await site.db.query(`UPDATE users SET invitation_expires_at = now() - interval '1 minute' WHERE id = $1`, [id])
    const late = await accept(token, 'late-password-1')
    expect(late.status).toBe(400)
  })
})

describe('the password policy holds on every path', () => {
  it('a viewer cannot set a 3-character password through PATCH /api/cms/users/{id}', async () => {
    const viewer = await member(mail('short.pw'), 'viewer')
    const res = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      password: 'abc',
      currentPassword: viewer.password,
    })
    expect(res.status).toBe(400)
    const signIn = await browser().json('POST', '/api/auth/login', {
      email: mail('short.pw'),
      password: 'abc',
    })
    expect(signIn.status).toBe(401)
  })

  it('changing your own password needs the current one', async () => {
    const viewer = await member(mail('own.pw'), 'viewer')
    const without = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, { password: 'brand-new-password' })
    expect(without.status).toBe(400)
    const wrong = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      password: 'brand-new-password',
      currentPassword: 'not-my-password',
    })
    expect(wrong.status).toBe(400)
    expect(
      (await browser().json('POST', '/api/auth/login', { email: mail('own.pw'), password: 'brand-new-password' }))
        .status,
    ).toBe(401)
    const right = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      password: 'brand-new-password',
      currentPassword: viewer.password,
    })
    expect(right.status, JSON.stringify(right.body)).toBe(200)
    expect(
      (await browser().json('POST', '/api/auth/login', { email: mail('own.pw'), password: 'brand-new-password' }))
        .status,
    ).toBe(200)
  })

  it("Payload's reset-password refuses a password shorter than 8 characters", async () => {
    await member(mail('reset.pw'), 'viewer')
    await browser(null).json('POST', '/api/cms/users/forgot-password', { email: mail('reset.pw') })
    const [row] = await site.db.query('SELECT reset_password_token FROM users WHERE email = $1', [mail('reset.pw')])
    expect(row.reset_password_token).toBeTruthy()
    const reset = await browser(null).json('POST', '/api/cms/users/reset-password', {
      token: row.reset_password_token,
      password: 'abc',
    })
    expect(reset.status).toBe(400)
    expect(
      (
        await browser().json('POST', '/api/auth/login', {
          email: mail('reset.pw'),
          password: 'abc',
        })
      ).status,
    ).toBe(401)
  })

  it("a viewer's profile image must be an uploaded file, not an outside URL", async () => {
    const viewer = await member(mail('avatar'), 'viewer')
    const outside = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      profileImageUrl: 'https://tracker.example/pixel.png',
    })
    expect(outside.status).toBe(400)
    const [row] = await site.db.query('SELECT profile_image_url FROM users WHERE id = $1', [viewer.id])
    expect(row.profile_image_url).toBeNull()
    const own = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      profileImageUrl: '/objects/media/avatar.webp',
    })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
  })
})

describe('session tokens stay in the cookie', () => {
  it("Payload's login and /me answer without the session token", async () => {
    const manager = await member(mail('token.manager'), 'manager')
    const c = browser()
    const login = await c.json('POST', '/api/cms/users/login', {
      email: mail('token.manager'),
      password: manager.password,
    })
    expect(login.status).toBe(200)
    expect(login.body.token).toBeUndefined()
    expect(c.cookie).toBeTruthy()
    const me = await c.json('GET', '/api/cms/users/me')
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe(mail('token.manager'))
    expect(me.body.token).toBeUndefined()
  })
})
