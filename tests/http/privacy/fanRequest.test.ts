import type { ParsedMail } from 'mailparser'
import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { forgetOldBuyers } from '../../../src/modules/privacy/server/retention'
import { useAdminSite } from '../../helpers/adminSite'
import { Buyer, checkout, createShirt } from '../../helpers/checkout'
import { recipients } from '../../helpers/smtp'
import { unique } from '../../helpers/unique'

/**
 * A fan asks for their own data by email: a one-hour link (mailed to known addresses only, the
 * same answer for all), the data page, its download and its erasure; the retention of buyers'
 * details; the privacy notice.
 */

// The worker's shared site and mailbox: every fan's address is the file's own, and the privacy
// settings are put back after the file's tests.
const site = useAdminSite({ db: true, restores: ['/api/admin/privacy/settings'] })
const fresh = () => site.fresh()
const n = unique()
/** An address of the file's own, `name-<n>@example.org`. */
const fan = (name: string) => `${name}-${n}@example.org`
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const SAME_ANSWER = 'If we hold data for this address, we have emailed it a link. The link works for one hour.'

const linkMails = (to: string) =>
  site.mailbox.messages.filter(
    (m: ParsedMail) => m.subject?.includes('Your personal data') && recipients(m).includes(to),
  )

/** Asks for a link with the native form; answers the token of the email that arrives. */
async function askForLink(email: string): Promise<string> {
  const before = linkMails(email).length
  const res = await fresh().post('/api/privacy/request', form({ email }), FORM)
  expect(res.status).toBe(303)
  expect(res.headers.get('location')).toBe('/privacy/request/sent')
  await site.mailbox.waitFor(() => linkMails(email).length > before)
  const url = /https?:\/\/\S+\/privacy\/request\/([\w-]+)/.exec(linkMails(email).at(-1)!.text ?? '')
  expect(url).not.toBeNull()
  return url![1]!
}

async function subscribe(email: string) {
  expect((await fresh().json('POST', '/api/newsletter/subscribe', { email })).status).toBeLessThan(300)
}

describe("a fan's own request", () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    await subscribe(fan('known.fan'))
    const known = await fresh().json('POST', '/api/privacy/request', { email: fan('Known.Fan') })
    const unknown = await fresh().json('POST', '/api/privacy/request', { email: fan('stranger') })
    expect(known).toMatchObject({ status: 200, body: { message: SAME_ANSWER } })
    expect(unknown).toMatchObject({ status: 200, body: { message: SAME_ANSWER } })
    const viaForm = await fresh().post('/api/privacy/request', form({ email: fan('stranger') }), FORM)
    expect(viaForm.headers.get('location')).toBe('/privacy/request/sent')
    const sent = await fresh().get('/privacy/request/sent')
    expect(await sent.text()).toContain(SAME_ANSWER)
    await site.mailbox.waitFor(() => linkMails(fan('known.fan')).length === 1)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(linkMails(fan('stranger'))).toHaveLength(0)
    expect(linkMails(fan('known.fan'))[0]!.text).toContain('works for one hour')
  })

  it("the link's page lists the data and downloads it as the team's export does", async () => {
    await subscribe(fan('lister'))
    const token = await askForLink(fan('lister'))
    const page = await fresh().get(`/privacy/request/${token}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(fan('lister'))
    expect(html).toContain('Newsletter subscription: <!-- -->pending')
    expect(html).toContain('Download my data')
    expect(html).toContain('I understand this cannot be undone')
    const download = await fresh().post('/api/privacy/export', form({ token }), FORM)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="personal-data-/)
    const mine = await download.json()
    const team = await site.owner.json('GET', `/api/admin/privacy/export?email=${encodeURIComponent(fan('lister'))}`)
    expect(mine.subscriber).toEqual(team.body.subscriber)
    expect(mine.email).toBe(fan('lister'))
  })

  it('erases only once the fan confirmed, logs it as the team’s erasure does, and spends the link', async () => {
    await subscribe(fan('leaver'))
    const token = await askForLink(fan('leaver'))
    const unconfirmed = await fresh().post('/api/privacy/erase', form({ token }), FORM)
    expect(unconfirmed.status).toBe(400)
    expect(await unconfirmed.text()).toContain('Tick the box to confirm that this cannot be undone')
    expect(
      (await site.owner.json('GET', `/api/admin/privacy?email=${encodeURIComponent(fan('leaver'))}`)).body.subscriber,
    ).not.toBeNull()

    const erased = await fresh().post('/api/privacy/erase', form({ token, confirm: 'yes' }), FORM)
    expect(erased.status).toBe(303)
    expect(erased.headers.get('location')).toBe('/privacy/request/erased')
    expect(
      (await site.owner.json('GET', `/api/admin/privacy?email=${encodeURIComponent(fan('leaver'))}`)).body.subscriber,
    ).toBeNull()
    const log = await site.db.query(
      `SELECT erased_by_id, counts FROM privacy_erasures WHERE email_sha256 = encode(sha256($1::bytea), 'hex')`,
      [fan('leaver')],
    )
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ erased_by_id: null, counts: { subscribers: 1 } })

    const again = await fresh().json('POST', '/api/privacy/erase', { token, confirm: 'yes' })
    expect(again.status).toBe(410)
    const spent = await fresh().get(`/privacy/request/${token}`)
    expect(spent.status).toBe(307)
    expect(spent.headers.get('location')).toMatch(/\/privacy\/request\/invalid$/)
  })
})

describe("a fan's link that no longer works, and too many requests", () => {
  it('an expired or unknown link shows a plain message and gives nothing', async () => {
    await subscribe(fan('late'))
    const token = await askForLink(fan('late'))
    await site.db.query(`UPDATE privacy_requests SET expires_at = now() - interval '1 second' WHERE email = $1`, [
      fan('late'),
    ])
    const page = await fresh().get(`/privacy/request/${token}`)
    expect(page.status).toBe(307)
    expect(await page.text()).not.toContain(fan('late'))
    // The page it leads to says so in its HTML, not only in its script's data.
    const invalid = await fresh().get(new URL(page.headers.get('location')!, site.server.url).pathname)
    expect(invalid.status).toBe(200)
    expect(withoutScripts(await invalid.text())).toMatch(/<h1[^>]*>Link not valid<\/h1>/)
    const download = await fresh().json('POST', '/api/privacy/export', { token })
    expect(download.status).toBe(410)
    expect((await fresh().json('POST', '/api/privacy/export', { token: 'no-such-token' })).status).toBe(404)
  })

  it('is refused with 429 past the limits per client and per address', async () => {
    const one = fresh()
    for (let i = 0; i < 5; i++) {
      expect((await one.json('POST', '/api/privacy/request', { email: fan(`try${i}`) })).status).toBe(200)
    }
    const limited = await one.json('POST', '/api/privacy/request', { email: fan('try9') })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/^Too many privacy requests\. Please wait \d+ minutes? and try again\.$/)

    for (let i = 0; i < 3; i++) {
      expect((await fresh().json('POST', '/api/privacy/request', { email: fan('target') })).status).toBe(200)
    }
    const flood = await fresh().json('POST', '/api/privacy/request', { email: fan('target') })
    expect(flood.status).toBe(429)
    expect(flood.body.message).toMatch(/^Too many privacy requests for this address\./)
  })
})

describe("retention of buyers' details", () => {
  it('forgets the buyer of an order delivered 25 months ago, once, and keeps a 23-month-old one', async () => {
    const client = new pg.Client({ connectionString: site.server.databaseUrl })
    await client.connect()
    // Other files' old orders on the shared site are forgotten first, so that the counts below are this test's.
    await forgetOldBuyers(client as never)
    const shirt = await createShirt(site.owner, { stock: 10 })
    const line = { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }
    const ids: Record<string, string> = {}
    for (const [age, email] of [
      ['25', fan('old.buyer')],
      ['23', fan('recent.buyer')],
    ] as const) {
      const buyer = new Buyer(site.server.url, { forwardedFor: site.address() })
      const paid = await checkout(buyer, [line], undefined, { customerEmail: email, customerName: 'Pat Buyer' })
      expect(paid.status, JSON.stringify(paid.body)).toBe(200)
      ids[age] = paid.orderId
      await site.db.query(
        `UPDATE orders SET status = 'completed', updated_at = now() - make_interval(months => $2) WHERE id = $1`,
        [paid.orderId, Number(age)],
      )
    }
    try {
      expect(await forgetOldBuyers(client as never)).toBe(1)
      expect(await forgetOldBuyers(client as never)).toBe(0)
    } finally {
      await client.end()
    }
    const old = await site.db.order(ids['25']!)
    expect(old).toMatchObject({ customer_email: 'erased@erased.invalid', customer_name: null, status: 'completed' })
    expect(Number(old.total_amount)).toBeGreaterThan(0)
    expect(await site.db.order(ids['23']!)).toMatchObject({
      customer_email: fan('recent.buyer'),
      customer_name: 'Pat Buyer',
    })
  })
})

describe('the privacy notice', () => {
  it('names the processors in use, the months kept and the team’s own text', async () => {
    const page = await fresh().get('/privacy')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('The mail server at 127.0.0.1')
    expect(html).toContain('Our own server’s disk')
    expect(html).not.toContain('PayPal')
    expect(html).toMatch(/24<!-- --> months after it was delivered or refunded/)
    expect(html).toContain('href="/privacy/request"')

    for (const retentionMonths of [0, 121, 2.5]) {
      const bad = await site.owner.json('PUT', '/api/admin/privacy/settings', { retentionMonths, noticeMarkdown: '' })
      expect(bad.status).toBe(400)
    }
    const saved = await site.owner.json('PUT', '/api/admin/privacy/settings', {
      retentionMonths: 18,
      noticeMarkdown: '## Our promise\n\nWe never sell **your data**. <script>alert(1)</script>',
    })
    expect(saved).toMatchObject({ status: 200, body: { retentionMonths: 18 } })
    const after = await (await fresh().get('/privacy')).text()
    expect(after).toMatch(/18<!-- --> months after it was delivered or refunded/)
    expect(after).toContain('<h2>Our promise</h2>')
    expect(after).toContain('<strong>your data</strong>')
    expect(after).not.toContain('alert(1)')
  })
})

/** A page's HTML without its scripts (where the framework also keeps the page's data). */
const withoutScripts = (html: string) => html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
