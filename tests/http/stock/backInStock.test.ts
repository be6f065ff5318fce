import type { ParsedMail } from 'mailparser'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Client } from '../../helpers/http'
import { recipients } from '../../helpers/smtp'

/**
 * Back-in-stock alerts on the production server: a fan leaves an address on a sold-out size; when
 * its stock rises above zero each waiting fan gets one email, with a link to the merch and a way to
 * stop their other alerts; the team sees who waits for what.
 */

const site = useAdminSite()
let db: pg.Pool
let n = 0

beforeAll(() => {
  db = new pg.Pool({ connectionString: site.server.databaseUrl, max: 1 })
})
afterAll(() => db?.end())

/** Gives the job runner (every 2 s) time to send anything due. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5000))

/** A product with sizes M (sold out) and L (in stock). */
async function sizedProduct() {
  const name = `Wait Tee ${++n}`
  const product = await site.owner.json('POST', '/api/admin/products', { name, price: '25', isActive: true })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const size = async (value: string, inventory: number) =>
    (
      await site.owner.json('POST', `/api/admin/products/${product.body.id}/options`, {
        name: 'Size',
        value,
        inventory,
      })
    ).body.id as string
  return { name, id: product.body.id as string, M: await size('M', 0), L: await size('L', 5) }
}

const notify = (productId: string, body: unknown, client = site.fresh()) =>
  client.json('POST', `/api/products/${productId}/notify`, body)
const restock = (optionId: string, inventory: number, client = site.owner) =>
  client.json('PUT', `/api/admin/products/options/${optionId}`, { inventory })
const alertsTo = (email: string) =>
  site.mailbox.messages.filter((m) => m.subject?.startsWith('Back in stock:') && recipients(m).includes(email))
const header = (m: ParsedMail, key: string) => m.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '')
const linkIn = (text: string, path: string) => {
  const url = text.match(new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=\\S+`))![0]
  return url.slice(url.indexOf(path))
}

describe('back in stock', () => {
  it('each waiting fan gets one email when the size is restocked, never twice', async () => {
    const tee = await sizedProduct()
    for (const email of ['ada@fans.example', 'ada@fans.example', 'ADA@fans.example', 'bo@fans.example']) {
      const res = await notify(tee.id, { email, productOptionId: tee.M })
      expect(res.status, JSON.stringify(res.body)).toBe(202)
    }
    // The team sees the demand: two fans (the same address three times counts once).
    const list = await site.manager.json('GET', '/api/admin/back-in-stock')
    expect(list.status).toBe(200)
    expect(list.body).toContainEqual({
      productId: tee.id,
      productOptionId: tee.M,
      product: tee.name,
      size: 'M',
      waiting: 2,
    })

    // Nothing is sent while the size stays sold out.
    await settle()
    expect(alertsTo('ada@fans.example').filter((m) => m.subject!.includes(tee.name))).toHaveLength(0)

    // Two team members restock at the same moment: still one email per fan.
    const [a, b] = await Promise.all([restock(tee.M, 4), restock(tee.M, 6, site.manager)])
    expect([a.status, b.status]).toEqual([200, 200])
    const mail = await site.mailbox.waitFor(
      (m) => m.subject === `Back in stock: ${tee.name} (M)` && recipients(m).includes('bo@fans.example'),
    )
    const band = (await db.query('SELECT name FROM band_profile LIMIT 1')).rows[0].name as string
    expect(mail.from?.text).toContain(band)
    expect(mail.text).toContain(`${tee.name} (M) is back in stock`)
    expect(mail.text).toContain('/#merch')
    expect(mail.text).toContain('/back-in-stock/stop?token=')
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')

    // Sold out and restocked again: the fans were told once and are not waiting any more.
    expect((await restock(tee.M, 0)).status).toBe(200)
    expect((await restock(tee.M, 3)).status).toBe(200)
    await settle()
    for (const email of ['ada@fans.example', 'bo@fans.example']) {
      expect(alertsTo(email).filter((m) => m.subject === `Back in stock: ${tee.name} (M)`)).toHaveLength(1)
    }
    const after = await site.owner.json('GET', '/api/admin/back-in-stock')
    expect(after.body.find((l: { productOptionId: string }) => l.productOptionId === tee.M)).toBeUndefined()
  })

  it('a size that sells out again before the email goes keeps its fans waiting', async () => {
    const tee = await sizedProduct()
    expect((await notify(tee.id, { email: 'cy@fans.example', productOptionId: tee.M })).status).toBe(202)
    // Restocked and sold out again before the runner's next round (one transaction, so the
    // runner cannot run in between).
    await db.query(`DO $$ BEGIN
      UPDATE product_options SET inventory = 2 WHERE id = '${tee.M}';
      UPDATE product_options SET inventory = 0 WHERE id = '${tee.M}';
    END $$`)
    await settle()
    expect(alertsTo('cy@fans.example')).toHaveLength(0)
    expect((await restock(tee.M, 1)).status).toBe(200)
    await site.mailbox.waitFor((m) => recipients(m).includes('cy@fans.example'))
  })
})

describe('back in stock', () => {
  it('the stop link stops the address’s other alerts: a GET shows a button, a one-click POST stops', async () => {
    const tee = await sizedProduct()
    const other = await sizedProduct()
    const email = 'dee@fans.example'
    expect((await notify(tee.id, { email, productOptionId: tee.M })).status).toBe(202)
    expect((await notify(other.id, { email, productOptionId: other.M })).status).toBe(202)
    expect((await restock(tee.M, 5)).status).toBe(200)
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes(email))
    const path = linkIn(mail.text!, '/back-in-stock/stop')

    const page = await fetch(site.server.url + path)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Stop back-in-stock alerts')
    expect(html).toContain(email)
    // Opening the links stops nothing.
    const oneClickUrl = new URL(header(mail, 'list-unsubscribe')!.replace(/^<|>$/g, ''))
    const viaHeader = await fetch(site.server.url + oneClickUrl.pathname + oneClickUrl.search, { redirect: 'manual' })
    expect(viaHeader.status).toBe(303)
    expect((await site.owner.json('GET', '/api/admin/back-in-stock')).body).toContainEqual(
      expect.objectContaining({ productOptionId: other.M, waiting: 1 }),
    )

    // A forged token changes nothing; the real one, posted as mail providers do, stops the rest.
    const token = oneClickUrl.searchParams.get('token')!
    for (const bad of [`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, 'garbage', '']) {
      const res = await fetch(`${site.server.url}/api/back-in-stock/stop?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(res.status).toBe(404)
    }
    // A body that is not the one-click form is refused (400) and stops nothing.
    const garbled = await fetch(site.server.url + oneClickUrl.pathname + oneClickUrl.search, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(garbled.status).toBe(400)
    expect((await site.owner.json('GET', '/api/admin/back-in-stock')).body).toContainEqual(
      expect.objectContaining({ productOptionId: other.M, waiting: 1 }),
    )
    // Mail providers may post the one-click form as multipart/form-data.
    const form = new FormData()
    form.set('List-Unsubscribe', 'One-Click')
    const res = await fetch(site.server.url + oneClickUrl.pathname + oneClickUrl.search, { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect((await site.owner.json('GET', '/api/admin/back-in-stock')).body).not.toContainEqual(
      expect.objectContaining({ productOptionId: other.M }),
    )
    expect((await restock(other.M, 5)).status).toBe(200)
    await settle()
    expect(alertsTo(email)).toHaveLength(1)
    expect(await (await fetch(site.server.url + path)).text()).toContain('No alerts waiting')
  })
})

describe('back in stock', () => {
  it('a product without sizes waits whole; a native form lands on a result page', async () => {
    const name = `Wait Poster ${++n}`
    const product = await site.owner.json('POST', '/api/admin/products', {
      name,
      price: '10',
      inventory: 0,
      isActive: true,
    })
    const res = await site
      .fresh()
      .request('POST', `/api/products/${product.body.id}/notify`, 'email=eve%40fans.example', {
        'Content-Type': 'application/x-www-form-urlencoded',
      })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/back-in-stock/saved')
    const saved = await fetch(site.server.url + '/back-in-stock/saved')
    expect(await saved.text()).toContain('We&#x27;ll send you one email when it&#x27;s back in stock.')
    const bad = await site.fresh().request('POST', `/api/products/${product.body.id}/notify`, 'email=nope', {
      'Content-Type': 'application/x-www-form-urlencoded',
    })
    expect(bad.headers.get('location')).toBe('/back-in-stock/failed')

    expect((await site.owner.json('PUT', `/api/admin/products/${product.body.id}`, { inventory: 7 })).status).toBe(200)
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes('eve@fans.example'))
    expect(mail.subject).toBe(`Back in stock: ${name}`)
  })

  it('bad input gets 4xx with field messages; requests are limited per client address', async () => {
    const tee = await sizedProduct()
    const noSize = await notify(tee.id, { email: 'fi@fans.example', productOptionId: null })
    expect(noSize.status).toBe(400)
    expect(noSize.body.errors.productOptionId).toBe('Choose a size')
    const badEmail = await notify(tee.id, { email: 'not-an-address', productOptionId: tee.M })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.errors.email).toBe('Please enter a valid email address')
    const foreign = await sizedProduct()
    const wrongSize = await notify(tee.id, { email: 'fi@fans.example', productOptionId: foreign.M })
    expect(wrongSize.status).toBe(400)
    expect(wrongSize.body.errors.productOptionId).toBe('This size does not belong to the product')
    expect(
      (await notify('00000000-0000-4000-8000-000000000000', { email: 'fi@fans.example', productOptionId: null }))
        .status,
    ).toBe(404)
    expect((await notify('nope', { email: 'fi@fans.example', productOptionId: null })).status).toBe(404)
    const notJson = await site.fresh().request('POST', `/api/products/${tee.id}/notify`, '{', {
      'Content-Type': 'application/json',
    })
    expect(notJson.status).toBe(400)
    // A cross-site form cannot post it.
    const crossSite = new Client(site.server.url, { origin: 'https://evil.example', forwardedFor: site.address() })
    expect((await notify(tee.id, { email: 'x@fans.example', productOptionId: tee.M }, crossSite)).status).toBe(403)

    const client = site.fresh()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push((await notify(tee.id, { email: `flood${i}@fans.example`, productOptionId: tee.M }, client)).status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202))
    expect(statuses[10]).toBe(429)
  })
})

describe("nobody's inbox is flooded", () => {
  it('a request for an item in stock is refused (409) with its message and mails nothing', async () => {
    const tee = await sizedProduct()
    const poster = await site.owner.json('POST', '/api/admin/products', {
      name: `Stocked Poster ${++n}`,
      price: '10',
      inventory: 4,
      isActive: true,
    })
    const email = 'stranger@inbox.example'
    for (let i = 0; i < 4; i++) {
      const sized = await notify(tee.id, { email, productOptionId: tee.L })
      expect(sized.status).toBe(409)
      expect(sized.body.message).toBe('This is in stock now: add it to your cart.')
      const whole = await notify(poster.body.id, { email, productOptionId: null })
      expect(whole.status).toBe(409)
    }
    // Without the page's script the form lands on the failure page.
    const form = await site
      .fresh()
      .request('POST', `/api/products/${tee.id}/notify`, `email=stranger%40inbox.example&productOptionId=${tee.L}`, {
        'Content-Type': 'application/x-www-form-urlencoded',
      })
    expect(form.headers.get('location')).toBe('/back-in-stock/failed')
    await settle()
    expect(alertsTo(email)).toHaveLength(0)
    const waiting = await db.query(`SELECT count(*)::int AS n FROM stock_waits WHERE email = $1`, [email])
    expect(waiting.rows[0].n).toBe(0)
  })

  it('one address gets at most 3 back-in-stock emails a day, whatever the items and the client addresses', async () => {
    const email = 'many@fans.example'
    const tees = [await sizedProduct(), await sizedProduct(), await sizedProduct(), await sizedProduct()]
    for (const tee of tees) expect((await notify(tee.id, { email, productOptionId: tee.M })).status).toBe(202)
    for (const tee of tees) expect((await restock(tee.M, 3)).status).toBe(200)
    await settle()
    await settle()
    expect(alertsTo(email)).toHaveLength(3)
    // The fourth still waits, due, for when the address's day allows it.
    const left = await db.query(
      `SELECT count(*)::int AS n FROM stock_waits WHERE email = $1 AND notified_at IS NULL AND due_at IS NOT NULL`,
      [email],
    )
    expect(left.rows[0].n).toBe(1)
    // A day later it goes.
    await db.query(`UPDATE stock_waits SET notified_at = notified_at - interval '25 hours' WHERE email = $1`, [email])
    await site.mailbox.waitFor(() => alertsTo(email).length === 4)
  })
})
