import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Buyer, checkout } from '../../helpers/checkout'
import { createRelease } from '../../helpers/music'
import { unique } from '../../helpers/unique'

/**
 * A product that includes a release (the vinyl with its download): paying for it gives the buyer
 * the release, and the order's confirmation email carries the download link; before the release
 * date it says when the link comes instead.
 */

// The worker's shared site, whose local server takes the built-in test payments.
const site = useAdminSite({ db: true })

async function vinylWith(releaseDate: string) {
  const release = await createRelease(site.owner, { releaseDate })
  const made = await site.owner.json('POST', '/api/admin/products', {
    name: `${release.title} vinyl`,
    price: '25.00',
    inventory: 10,
    includesReleaseId: release.id,
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return { release, productId: made.body.id as string }
}

async function buy(productId: string, email: string) {
  const buyer = new Buyer(site.server.url, { forwardedFor: site.address() })
  const result = await checkout(buyer, [{ productId, quantity: 1, price: '25.00' }], undefined, {
    customerEmail: email,
  })
  expect(result.body.status, JSON.stringify(result.body)).toBe('paid')
  return result.orderId
}

/** The order's confirmation email: "Your order #1234abcd from <band>". */
const confirmation = (orderId: string) =>
  site.mailbox.waitFor((m) => (m.subject ?? '').startsWith(`Your order #${orderId.slice(0, 8)} from`))

describe('a product that includes a release', () => {
  it('gives the buyer the release: the confirmation email links to their download', async () => {
    const { release, productId } = await vinylWith('2020-05-01')
    const email = `vinyl.buyer${unique()}@example.com`
    const orderId = await buy(productId, email)
    const mail = await confirmation(orderId)
    const link = /https?:\/\/\S+\/downloads\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')
    expect(link, mail.text).not.toBeNull()
    expect(mail.html).toContain(`/downloads/${link![1]}`)

    // The link's token names the buyer, whose grant from this order covers the release.
    const hash = crypto.createHash('sha256').update(link![1]!).digest('hex')
    const [owner] = await site.db.query('SELECT email FROM download_links WHERE token_sha256 = $1', [hash])
    expect(owner?.email).toBe(email)
    const grants = await site.db.query(
      'SELECT release_id, available_on FROM download_grants WHERE order_id = $1 AND revoked_at IS NULL',
      [orderId],
    )
    expect(grants).toEqual([{ release_id: release.id, available_on: null }])
    const page = await site.owner.request('GET', `/downloads/${link![1]}`)
    if (page.status !== 404) expect(await page.text()).toContain(release.title)
  })

  it('before the release date, the email says the link comes on the day and carries none', async () => {
    const { productId } = await vinylWith('2031-02-03')
    const orderId = await buy(productId, `early.bird${unique()}@example.com`)
    const mail = await confirmation(orderId)
    expect(mail.text).not.toMatch(/\/downloads\//)
    expect(mail.text).toContain('Your download arrives on February 3, 2031.')
    const grants = await site.db.query('SELECT available_on::text AS day FROM download_grants WHERE order_id = $1', [
      orderId,
    ])
    expect(grants).toEqual([{ day: '2031-02-03' }])
  })

  it('a product without a release gives nothing', async () => {
    const made = await site.owner.json('POST', '/api/admin/products', {
      name: `Plain tee ${unique()}`,
      price: '25.00',
      inventory: 5,
    })
    const orderId = await buy(made.body.id, `tee.buyer${unique()}@example.com`)
    const mail = await confirmation(orderId)
    expect(mail.text).not.toMatch(/\/downloads\//)
    expect(await site.db.query('SELECT 1 FROM download_grants WHERE order_id = $1', [orderId])).toEqual([])
  })
})
