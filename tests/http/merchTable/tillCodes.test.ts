import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { createRelease } from '../../helpers/music'
import { recipients } from '../../helpers/smtp'

/**
 * Releases at the merch table: a till link holds download codes of every active release, so a
 * sale of one made with no network hands the fan a code; the sale, sent later, marks it sold, and
 * the code redeems once at /api/redeem.
 */

const site = useAdminSite()

type CatalogItem = {
  productId: string
  name: string
  price: string
  stock: number
  releaseId?: string
  codes?: string[]
}

async function tillFor(title: string) {
  const show = await site.owner.json('POST', '/api/admin/shows', {
    title,
    venue: 'The Basement',
    date: new Date().toISOString().slice(0, 10),
  })
  expect(show.status, JSON.stringify(show.body)).toBe(201)
  const till = await site.owner.json('POST', `/api/admin/shows/${show.body.id}/tills`, {})
  expect(till.status, JSON.stringify(till.body)).toBe(201)
  return { showId: show.body.id as string, token: till.body.token as string }
}

const catalogue = async (token: string) => {
  const res = await site.fresh().json('GET', `/api/till/${token}/catalog`)
  expect(res.status).toBe(200)
  return res.body.items as CatalogItem[]
}

describe('a release at the till', () => {
  it('is sold offline with a code the link holds, and that code then redeems once', async () => {
    const release = await createRelease(site.owner, {
      title: 'Basement Tapes',
      releaseDate: '2025-10-01',
      pricing: { mode: 'nameYourPrice', minimum: '5.00', suggested: '8.00' },
    })
    const { showId, token } = await tillFor('Tape Night')
    // Read while online: the link holds 20 codes of the release, sold at its suggested amount.
    const item = (await catalogue(token)).find((i) => i.releaseId === release.id)!
    expect(item).toMatchObject({ name: 'Basement Tapes', price: '8.00', stock: 20 })
    expect(item.codes).toHaveLength(20)
    const [code, second] = item.codes!

    // Offline, the phone rings up two copies and shows the fan their codes; the sale reaches the site later.
    const sale = {
      id: crypto.randomUUID(),
      at: new Date(Date.now() - 60_000).toISOString(),
      items: [{ releaseId: release.id, quantity: 2, unitPrice: '8.00', codes: [code, second] }],
      payment: 'cash',
    }
    const sent = await site.fresh().json('POST', `/api/till/${token}/sales`, sale)
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body).toMatchObject({
      total: '16.00',
      lines: [{ productId: null, releaseId: release.id, title: 'Basement Tapes', quantity: 2, unitPrice: '8.00' }],
    })
    // Sent again (the phone retries): one sale.
    expect((await site.fresh().json('POST', `/api/till/${token}/sales`, sale)).status).toBe(200)

    const first = await site.fresh().json('POST', '/api/redeem', { code: code!, email: 'table.fan@example.com' })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    await site.mailbox.waitFor((m) => recipients(m).includes('table.fan@example.com'))
    const again = await site.fresh().json('POST', '/api/redeem', { code: code!, email: 'table.fan@example.com' })
    expect(again.status).toBe(410)
    expect(again.body.message).toBe('This code has already been used')

    // The next read tops the link up to 20 unsold codes again, without the two sold.
    const after = (await catalogue(token)).find((i) => i.releaseId === release.id)!
    expect(after.codes).toHaveLength(20)
    expect(after.codes).not.toContain(code)
    expect(after.codes).not.toContain(second)
    // The settlement counts the release as a line of its own, named by the release and not as a
    // product; the team sees a "Merch table" batch with one redeemed.
    const settled = await site.owner.json('GET', `/api/admin/shows/${showId}/settlement`)
    expect(settled.body).toMatchObject({ gross: '16.00', cash: '16.00' })
    expect(settled.body.lines).toEqual([
      {
        productId: null,
        productOptionId: null,
        releaseId: release.id,
        title: 'Basement Tapes',
        sold: 2,
        comped: 0,
        oversold: 0,
        gross: '16.00',
      },
    ])
    const batches = await site.owner.json('GET', `/api/admin/releases/${release.id}/codes`)
    expect(batches.body).toEqual([expect.objectContaining({ label: 'Merch table', count: 22, used: 1 })])
  })

  it('refuses a release line above its price, and one without a code per unit', async () => {
    const release = await createRelease(site.owner, { pricing: { mode: 'fixed', price: '10.00' } })
    const { token } = await tillFor('Price Night')
    const item = (await catalogue(token)).find((i) => i.releaseId === release.id)!
    const post = (line: Record<string, unknown>) =>
      site.fresh().json('POST', `/api/till/${token}/sales`, {
        id: crypto.randomUUID(),
        at: new Date().toISOString(),
        items: [{ releaseId: release.id, quantity: 1, unitPrice: '10.00', codes: [item.codes![0]], ...line }],
        payment: 'card',
      })
    const above = await post({ unitPrice: '12.00' })
    expect(above.status).toBe(400)
    expect(above.body.errors['items.0.unitPrice']).toBe('The price must not be more than the catalogue price (10.00)')
    const noCode = await post({ codes: [] })
    expect(noCode.status).toBe(400)
    expect(noCode.body.errors['items.0.codes']).toBe('A release needs one download code per unit')
  })
})
