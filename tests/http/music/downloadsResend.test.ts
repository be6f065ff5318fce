import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { grant, releaseWithTracks } from '../../helpers/downloads'
import { recipients } from '../../helpers/smtp'

/**
 * A fan who lost the link asks for a new one at /downloads and is answered the same whatever the
 * address; only an address with downloads is mailed. The privacy erasure takes the links and the
 * address off the grants. The music settings say how long a link works and how many downloads it allows.
 */

const site = useAdminSite({ viewer: true, restores: ['/api/admin/music/settings'] })
let release: { id: string }

beforeAll(async () => {
  release = await releaseWithTracks(site, ['Only Song'], { title: 'Lost And Found' })
}, 120_000)

const ANSWER = 'If that address has downloads, a new link is on its way.'
const linkIn = (text: string) => /\/downloads\/([A-Za-z0-9_-]{43})/.exec(text)?.[1]

describe('asking for a new link', () => {
  it('answers known and unknown addresses alike, and mails a fresh working link to the known one only', async () => {
    await grant(site, 'owner.of@example.com', [release.id])
    const known = await site.fresh().json('POST', '/api/downloads/resend', { email: ' Owner.Of@Example.com ' })
    const unknown = await site.fresh().json('POST', '/api/downloads/resend', { email: 'nobody@example.com' })
    expect(known).toMatchObject({ status: 200, body: { message: ANSWER } })
    expect(unknown).toMatchObject({ status: 200, body: { message: ANSWER } })

    const mail = await site.mailbox.waitFor((m) => recipients(m).includes('owner.of@example.com'))
    expect(mail.subject).toBe('Your download')
    const token = linkIn(mail.text ?? '')
    expect(token).toBeDefined()
    const { status, body } = await site.fresh().json('GET', `/api/downloads/${token}`)
    expect(status).toBe(200)
    expect(body.releases.map((r: { title: string }) => r.title)).toEqual(['Lost And Found'])

    await new Promise((r) => setTimeout(r, 3000))
    expect(site.mailbox.messages.filter((m) => recipients(m).includes('nobody@example.com'))).toEqual([])
  })

  it('works as a native form: the page posts, and lands on the same "sent" page either way', async () => {
    const page = await site.fresh().get('/downloads')
    const html = await page.text()
    expect(html).toContain('action="/api/downloads/resend"')
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"/)
    for (const email of ['owner.of@example.com', 'stranger@example.com']) {
      const res = await site.fresh().request('POST', '/api/downloads/resend', `email=${encodeURIComponent(email)}`, {
        'Content-Type': 'application/x-www-form-urlencoded',
      })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/downloads/sent')
    }
    expect(await (await site.fresh().get('/downloads/sent')).text()).toContain(ANSWER)
    const bad = await site.fresh().json('POST', '/api/downloads/resend', { email: 'not an address' })
    expect(bad.status).toBe(400)
  })

  it('limits the requests from one client', async () => {
    const client = site.fresh()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await client.json('POST', '/api/downloads/resend', { email: `many${i}@example.com` })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

describe('privacy', () => {
  it('finds the grants and links of an address, and erasing deletes the links and the address', async () => {
    const token = await grant(site, 'erase.me@example.com', [release.id])
    const found = await site.owner.json('GET', '/api/admin/privacy?email=erase.me@example.com')
    expect(found.status).toBe(200)
    expect(found.body.downloadGrants).toEqual([
      expect.objectContaining({ kind: 'grant', releaseId: release.id, release: 'Lost And Found', revokedAt: null }),
      expect.objectContaining({ kind: 'link', expiresAt: expect.any(String) }),
    ])
    const erased = await site.owner.json('POST', '/api/admin/privacy/erase', { email: 'erase.me@example.com' })
    expect(erased.status).toBe(200)
    expect(erased.body.downloadGrants).toBe(2)
    expect((await site.fresh().json('GET', `/api/downloads/${token}`)).status).toBe(404)
    const after = await site.owner.json('GET', '/api/admin/privacy?email=erase.me@example.com')
    expect(after.body.downloadGrants).toEqual([])
  })
})

describe('music settings', () => {
  it('are read by the team, changed by owners and managers, and apply to new links', async () => {
    expect(await site.viewer.json('GET', '/api/admin/music/settings')).toMatchObject({
      status: 200,
      body: { linkValidDays: 30, downloadsPerRelease: 10 },
    })
    expect(
      (await site.viewer.json('PUT', '/api/admin/music/settings', { linkValidDays: 7, downloadsPerRelease: 3 })).status,
    ).toBe(403)
    const bad = await site.manager.json('PUT', '/api/admin/music/settings', {
      linkValidDays: 0,
      downloadsPerRelease: 3,
    })
    expect(bad.status).toBe(400)
    const saved = await site.manager.json('PUT', '/api/admin/music/settings', {
      linkValidDays: 7,
      downloadsPerRelease: 3,
    })
    expect(saved).toMatchObject({ status: 200, body: { linkValidDays: 7, downloadsPerRelease: 3 } })
    const token = await grant(site, 'settings@example.com', [release.id])
    const { body } = await site.fresh().json('GET', `/api/downloads/${token}`)
    expect(body.downloadsLeft).toBe(3)
    expect(Math.round((Date.parse(body.expiresAt) - Date.now()) / 86_400_000)).toBe(7)
    await site.owner.json('PUT', '/api/admin/music/settings', { linkValidDays: 30, downloadsPerRelease: 10 })
  })
})
