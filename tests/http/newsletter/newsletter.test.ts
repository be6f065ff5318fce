import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { purgeStalePending } from '../../../src/modules/newsletter/server/cleanup'

import { header, linkIn, NOTIFY, newsletterSite } from './newsletterSteps'

/** The newsletter against a real SMTP server: confirmed sign-ups, one-click unsubscribe, campaigns. */

const news = newsletterSite()
const { site, fan, signUp, subscriber, confirmedFans, sendCampaign, waitForStatus, oneClick, campaignsAbout } = news

describe('confirmed sign-ups', () => {
  it('sign-up → confirmation email → link → confirmed; the team and the fan hear of it only then', async () => {
    const email = 'newfan@fans.test'
    await signUp(email)
    expect(await subscriber(email)).toMatchObject({ status: 'pending', is_active: false, source: 'form' })

    const mail = await news.smtp.waitFor(() => news.smtp.to(email).length > 0).then(() => news.smtp.to(email)[0]!)
    expect(mail.subject).toBe('Please confirm your subscription to The Midnight Static')
    expect(mail.from?.value[0]).toMatchObject({ name: 'The Midnight Static', address: 'news@band.example' })
    // No team notification for an unconfirmed sign-up.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(news.smtp.to(NOTIFY).filter((m) => m.subject?.includes(email))).toHaveLength(0)

    const link = linkIn(mail, '/newsletter/confirm')
    const page = await fan().get(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('subscribed!')
    expect(html).toContain('The Midnight Static')
    expect(html).toContain('Hear about shows near you')
    const row = await subscriber(email)
    expect(row).toMatchObject({ status: 'confirmed', is_active: true })
    expect(row.confirmed_at).not.toBeNull()

    // The link works once.
    expect(await (await fan().get(link)).text()).toContain('Link not valid')

    await news.smtp.waitFor(
      () => news.smtp.to(NOTIFY).some((m) => m.subject?.includes(email)) && news.smtp.to(email).length >= 2,
    )
    const welcome = news.smtp.to(email).find((m) => m.subject?.startsWith('Welcome'))!
    expect(welcome.subject).toBe('Welcome to The Midnight Static newsletter')
    expect(header(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(welcome.text).toContain('/newsletter/unsubscribe?token=')

    // The team API names the state.
    const list = await site.owner.json('GET', `/api/admin/subscribers?q=${encodeURIComponent(email)}`)
    expect(list.body.docs ?? list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, status: 'confirmed', isActive: true })]),
    )
  })

  it('signing up again while pending mails no second confirmation within 10 minutes', async () => {
    const email = 'twice@fans.test'
    await signUp(email)
    await news.smtp.waitFor(() => news.smtp.to(email).length === 1)
    await signUp(email)
    await signUp(email)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(news.smtp.to(email)).toHaveLength(1)
  })

  it('the city from the confirmation page is kept', async () => {
    const email = 'cityfan@fans.test'
    await signUp(email)
    await news.smtp.waitFor(() => news.smtp.to(email).length > 0)
    const html = await (await fan().get(linkIn(news.smtp.to(email)[0]!, '/newsletter/confirm'))).text()
    const token = html.match(/name="token" value="([^"]+)"/)![1]!
    const res = await fan().request('POST', '/api/newsletter/location', `token=${token}&city=Portland&state=OR`, {
      'Content-Type': 'application/x-www-form-urlencoded',
    })
    expect(res.status).toBe(303)
    expect(await subscriber(email)).toMatchObject({ city: 'Portland', state: 'OR' })
  })
})

describe('one-click unsubscribe', () => {
  it('a GET does not unsubscribe; a POST with no cookie and no Origin does', async () => {
    const [email] = await confirmedFans('leaver', 1, 'Leaveville')
    const id = await sendCampaign('News for Leaveville', 'Hello **Leaveville**', 'Leaveville')
    await waitForStatus(id, 'sent')
    const mail = news.smtp.to(email!).find((m) => m.subject === 'News for Leaveville')!
    const oneClickUrl = header(mail, 'list-unsubscribe')!.replace(/^<|>$/g, '')
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const path = linkIn(mail, '/newsletter/unsubscribe')

    // Scanners follow links: neither the page nor the header's URL unsubscribes on GET.
    const page = await fetch(site.server.url + path)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Unsubscribe')
    const viaHeader = await fetch(site.server.url + new URL(oneClickUrl).pathname + new URL(oneClickUrl).search, {
      redirect: 'manual',
    })
    expect(viaHeader.status).toBe(303)
    expect((await subscriber(email!)).status).toBe('confirmed')

    const res = await fetch(site.server.url + new URL(oneClickUrl).pathname + new URL(oneClickUrl).search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    const row = await subscriber(email!)
    expect(row).toMatchObject({ status: 'unsubscribed', is_active: false })
    expect(row.unsubscribed_at).not.toBeNull()
  })

  it('an altered or foreign token is refused and changes nothing', async () => {
    const [a, b] = await confirmedFans('tokenfan', 2, 'Tokenville')
    const idOf = async (email: string) => (await subscriber(email)).id as string
    const { rows } = await news.pool.query('SELECT id FROM subscribers WHERE email = $1', [a])
    // A's real token, taken from a campaign email.
    const id = await sendCampaign('Token news', 'Hi', 'Tokenville')
    await waitForStatus(id, 'sent')
    const path = linkIn(
      news.smtp.to(a!).find((m) => m.subject === 'Token news')!,
      '/newsletter/unsubscribe',
    )
    const token = new URL('http://x' + path).searchParams.get('token')!
    const signature = token.split('.')[1]!
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    const foreign = `${await idOf(b!)}.${signature}`
    for (const bad of [altered, foreign, 'garbage', `${rows[0].id}.`]) {
      const res = await oneClick(`/newsletter/unsubscribe?token=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(404)
    }
    expect((await subscriber(a!)).status).toBe('confirmed')
    expect((await subscriber(b!)).status).toBe('confirmed')
  })
})

describe('campaigns', () => {
  it('go to confirmed subscribers only, with the list headers, a Message-ID, text and sanitised HTML', async () => {
    const city = 'Campaignville'
    const confirmed = await confirmedFans('reader', 3, city)
    await news.pool.query(
      `INSERT INTO subscribers (email, status, is_active, source, city) VALUES
        ('waiting@fans.test', 'pending', false, 'form', $1), ('gone@fans.test', 'unsubscribed', false, 'form', $1)`,
      [city],
    )
    const body =
      '# Tour\n\nWe play **Portland**.\n\n<script>alert(1)</script><form action="x"></form>\n\n![x](http://insecure.example/a.png) ![y](https://cdn.example/b.png)'
    const id = await sendCampaign('Tour news', body, city)
    const done = await waitForStatus(id, 'sent')
    expect(done.counts).toEqual({ recipients: 3, sent: 3, failed: 0 })
    const received = news.smtp.messages.filter((m) => m.subject === 'Tour news')
    expect(received.flatMap((m) => (m.to && 'value' in m.to ? m.to.value.map((v) => v.address) : [])).sort()).toEqual(
      confirmed.sort(),
    )
    const mail = received[0]!
    expect(mail.from?.value[0]).toMatchObject({ name: 'The Midnight Static', address: 'news@band.example' })
    expect(mail.messageId).toMatch(/^<.+@.+>$/)
    expect(header(mail, 'list-unsubscribe')).toMatch(/^<https?:\/\/.+\/api\/newsletter\/unsubscribe\?token=.+>$/)
    expect(mail.text).toContain('We play **Portland**')
    expect(mail.text).toContain('Unsubscribe: ')
    expect(mail.html).toContain('<strong>Portland</strong>')
    expect(mail.html).not.toMatch(/<script|<form|alert\(1\)|http:\/\/insecure/)
    expect(mail.html).toContain('https://cdn.example/b.png')
    expect(mail.html).not.toMatch(/track|pixel/i)
  })

  it('a recipient refused with 550 becomes bounced', async () => {
    const city = 'Bounceville'
    await confirmedFans('okfan', 2, city)
    const [refused] = await confirmedFans('nosuchfan', 1, city)
    const id = await sendCampaign('Bounce news', 'Hi', city)
    const done = await waitForStatus(id, 'sent')
    expect(done.counts).toEqual({ recipients: 3, sent: 2, failed: 1 })
    expect(await subscriber(refused!)).toMatchObject({ status: 'bounced', is_active: false })
  })

  it('only drafts are edited or deleted; bad input gets field messages; a test goes to the signed-in user', async () => {
    const bad = await site.owner.json('POST', '/api/admin/campaigns', { subject: '', body: 'x' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toHaveProperty('subject')
    const draft = await site.owner.json('POST', '/api/admin/campaigns', { subject: 'Draft', body: 'Hi *there*' })
    const test = await site.owner.json('POST', `/api/admin/campaigns/${draft.body.id}/test`)
    expect(test.status).toBe(200)
    await news.smtp.waitFor(() => news.smtp.to('owner@example.com').some((m) => m.subject === '[Test] Draft'))
    const id = await sendCampaign('Sent once', 'Hi', 'Nowhere')
    await waitForStatus(id, 'sent')
    expect((await site.owner.json('PUT', `/api/admin/campaigns/${id}`, { subject: 'x', body: 'y' })).status).toBe(409)
    expect((await site.owner.json('DELETE', `/api/admin/campaigns/${id}`)).status).toBe(409)
    expect((await site.owner.json('POST', `/api/admin/campaigns/${id}/send`, {})).status).toBe(409)
    expect((await site.owner.json('DELETE', `/api/admin/campaigns/${draft.body.id}`)).status).toBe(200)
  })
})

describe('scheduling, self-pause and the purge of stale sign-ups', () => {
  it('a campaign scheduled a few seconds ahead waits, then goes out by itself', async () => {
    const city = 'Laterville'
    const readers = await confirmedFans('later', 2, city)
    const created = await site.owner.json('POST', '/api/admin/campaigns', {
      subject: 'Later news',
      body: 'Soon',
      audience: { city },
    })
    const at = new Date(Date.now() + 4000).toISOString()
    const scheduled = await site.owner.json('POST', `/api/admin/campaigns/${created.body.id}/send`, { at })
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: at })
    expect(news.smtp.messages.filter((m) => m.subject === 'Later news')).toHaveLength(0)
    const done = await waitForStatus(created.body.id, 'sent', 60_000)
    expect(Date.parse(done.startedAt ?? done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(at) - 1000)
    expect(done.counts).toEqual({ recipients: 2, sent: 2, failed: 0 })
    await news.smtp.waitFor((messages) => messages.filter((m) => m.subject === 'Later news').length === 2)
    const to = news.smtp.messages
      .filter((m) => m.subject === 'Later news')
      .flatMap((m) => (m.to && 'value' in m.to ? m.to.value.map((v) => v.address) : []))
    expect(to.sort()).toEqual(readers.sort())
  })

  // Its wait for the pause is 60 s (retries back off), so the test's own limit is longer than that.
  it('a campaign whose first sends mostly fail pauses itself and says why', { timeout: 90_000 }, async () => {
    const city = 'Refuseville'
    await confirmedFans('nosuchfan-pause', 60, city)
    const id = await sendCampaign('Doomed news', 'Hi', city)
    const paused = await waitForStatus(id, 'paused', 60_000)
    expect(paused.pauseReason).toMatch(/^Paused by itself: most of the first 100 emails could not be sent \(.+\)\.$/)
    expect(news.smtp.messages.filter((m) => m.subject === 'Doomed news')).toHaveLength(0)
  })

  it('sign-ups left pending for more than 30 days are deleted; newer and confirmed ones stay', async () => {
    await news.pool.query(
      `INSERT INTO subscribers (email, status, is_active, source, signed_up_at) VALUES
        ('stale@fans.test', 'pending', false, 'form', now() - interval '31 days'),
        ('fresh@fans.test', 'pending', false, 'form', now() - interval '29 days'),
        ('loyal@fans.test', 'confirmed', true, 'form', now() - interval '400 days')`,
    )
    const client = new pg.Client({ connectionString: site.server.databaseUrl })
    await client.connect()
    try {
      expect(await purgeStalePending(client as never)).toBeGreaterThanOrEqual(1)
    } finally {
      await client.end()
    }
    expect(await subscriber('stale@fans.test')).toBeUndefined()
    expect(await subscriber('fresh@fans.test')).toMatchObject({ status: 'pending' })
    expect(await subscriber('loyal@fans.test')).toMatchObject({ status: 'confirmed' })
  })
})

describe('show announcements', () => {
  it('a new show creates a draft for the fans near it and sends nothing', async () => {
    await confirmedFans('seattlefan', 1, 'Seattle')
    const before = news.smtp.messages.length
    const created = await site.owner.json('POST', '/api/admin/shows', {
      title: 'Crocodile Night',
      venue: 'The Crocodile',
      date: '2026-12-06T12:00:00.000Z',
      city: 'Seattle',
      state: 'WA',
      ticketUrl: 'https://tickets.example/croc',
      isActive: true,
    })
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300)
    const { body } = await site.owner.json('GET', '/api/admin/campaigns')
    const draft = body.docs.find((c: { subject: string }) => c.subject === 'New show: Crocodile Night')
    expect(draft).toMatchObject({ status: 'draft', audience: { city: 'Seattle', state: 'WA' } })
    expect(draft.body).toContain('Sunday, December 6, 2026')
    expect(draft.body).toContain('The Crocodile')
    expect(draft.body).toContain('https://tickets.example/croc')
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(news.smtp.messages.slice(before).filter((m) => m.subject?.includes('Crocodile'))).toHaveLength(0)
  })
})

describe('show announcements', () => {
  it('a show that is cancelled or moves to a new date gets a draft of that news, once, and nothing is sent', async () => {
    const before = news.smtp.messages.length
    const created = await site.owner.json('POST', '/api/admin/shows', {
      title: 'Neumos Late',
      venue: 'Neumos',
      date: '2026-12-09T12:00:00.000Z',
      time: '9:00 PM',
      city: 'Seattle',
      state: 'WA',
      ticketUrl: 'https://tickets.example/neumos',
      isActive: true,
    })
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300)
    const show = created.body as { id: string; updatedAt: string }
    let version = show.updatedAt
    const update = async (changes: object) => {
      const res = await site.owner.json('PUT', `/api/admin/shows/${show.id}`, { ...changes, updatedAt: version })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      version = res.body.updatedAt
    }
    const drafts = () => campaignsAbout('Neumos Late')

    await update({ description: 'Late set' })
    expect((await drafts()).map((c) => c.subject)).toEqual(['New show: Neumos Late'])

    await update({ status: 'rescheduled', date: '2026-12-16T12:00:00.000Z' })
    const moved = (await drafts()).find((c) => c.subject === 'New date: Neumos Late')
    expect(moved).toMatchObject({ status: 'draft' })
    expect(moved!.body).toContain('Wednesday, December 9, 2026')
    expect(moved!.body).toContain('Wednesday, December 16, 2026')
    expect(moved!.body).toContain('https://tickets.example/neumos')

    await update({ status: 'cancelled' })
    await update({ status: 'scheduled' })
    await update({ status: 'cancelled' })
    const cancelled = (await drafts()).filter((c) => c.subject === 'Cancelled: Neumos Late')
    expect(cancelled).toHaveLength(1)
    // The cancellation withdraws the show's earlier news, unsent: only it is left to send.
    expect((await drafts()).map((c) => c.subject)).toEqual(['Cancelled: Neumos Late'])
    expect(cancelled[0]!.body).toContain('is cancelled')
    expect(cancelled[0]!.body).not.toContain('https://tickets.example/neumos')

    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(news.smtp.messages.slice(before).filter((m) => m.subject?.includes('Neumos'))).toHaveLength(0)
  })

  it('a deleted show withdraws its unsent announcement draft and leaves the sent ones alone', async () => {
    const created = await site.owner.json('POST', '/api/admin/shows', {
      title: 'Tractor Matinee',
      venue: 'Tractor Tavern',
      date: '2026-12-12T12:00:00.000Z',
      isActive: true,
    })
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300)
    const subjects = async () => (await campaignsAbout('Tractor Matinee')).map((c) => c.subject)
    expect(await subjects()).toEqual(['New show: Tractor Matinee'])
    const removed = await site.owner.json('DELETE', `/api/admin/shows/${created.body.id}`)
    expect(removed.status).toBe(200)
    expect(await subjects()).toEqual([])
  })
})
