import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { recipients } from '../../helpers/smtp'

/**
 * Marking an order shipped with a carrier and tracking number: kept on the order, listed in the
 * orders API and CSV, and in the customer's email (sent to a real SMTP server) as a link to the
 * carrier's tracking page for a known carrier, as text otherwise.
 */

const site = useAdminSite()
let n = 0

async function paidOrder() {
  const email = `tracked${++n}@example.com`
  const order = await site.payload.create({
    collection: 'orders',
    data: {
      customerEmail: email,
      customerName: 'Tia Tracked',
      subtotalAmount: 25,
      shippingAmount: 5,
      totalAmount: 30,
      status: 'paid',
      shippingAddress: { street: '1 Main St', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
    } as never,
    overrideAccess: true,
  })
  await site.payload.create({
    collection: 'order-items',
    data: {
      orderId: order.id,
      productName: 'Tour Tee',
      optionName: 'Size',
      optionValue: 'M',
      quantity: 1,
      price: 25,
    } as never,
    overrideAccess: true,
  })
  return { id: order.id as string, email }
}

const ship = (id: string, body: Record<string, unknown>) =>
  site.manager.json('PUT', `/api/admin/orders/${id}/status`, { status: 'shipped', ...body })

describe('shipping an order with tracking', () => {
  it('links a known carrier’s tracking page in the email, and lists the tracking in the API and the CSV', async () => {
    const order = await paidOrder()
    const shipped = await ship(order.id, { carrier: 'USPS', trackingNumber: ' 9400 1000 0000 0000 0000 00 ' })
    expect(shipped.status).toBe(200)
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes(order.email))
    expect(mail.subject).toMatch(/has shipped/)
    const link = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000%200000%200000%200000%2000'
    expect(mail.text).toContain('Tracking number: USPS 9400 1000 0000 0000 0000 00')
    expect(mail.text).toContain(`Track your parcel: ${link}`)
    expect(mail.html).toContain(`<a href="${link}">USPS 9400 1000 0000 0000 0000 00</a>`)

    const listed = (await site.manager.json('GET', '/api/admin/orders')).body.find(
      (o: { id: string }) => o.id === order.id,
    )
    expect(listed).toMatchObject({ status: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 00' })
    const csv = await site.manager.get('/api/admin/orders/export?status=shipped')
    const rows: Record<string, string>[] = parse(await csv.text(), { columns: true, bom: true })
    expect(rows.find((r) => r['Order ID'] === order.id)).toMatchObject({
      Carrier: 'USPS',
      'Tracking Number': '9400 1000 0000 0000 0000 00',
    })
  })

  it('links each known carrier, and shows another carrier’s number as text', async () => {
    const pages: [string, string][] = [
      ['UPS', 'https://www.ups.com/track?tracknum=1Z999'],
      ['FedEx', 'https://www.fedex.com/fedextrack/?trknbr=1Z999'],
      ['DHL', 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1Z999'],
      ['Royal Mail', 'https://www.royalmail.com/track-your-item#/tracking-results/1Z999'],
      ['Canada Post', 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1Z999'],
      ['Australia Post', 'https://auspost.com.au/mypost/track/details/1Z999'],
    ]
    for (const [carrier, url] of pages) {
      const order = await paidOrder()
      expect((await ship(order.id, { carrier, trackingNumber: '1Z999' })).status).toBe(200)
      const mail = await site.mailbox.waitFor((m) => recipients(m).includes(order.email))
      expect(mail.html, carrier).toContain(`<a href="${url}">`)
    }
    const other = await paidOrder()
    expect((await ship(other.id, { carrier: 'Bike Courier Co', trackingNumber: 'BC-42' })).status).toBe(200)
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes(other.email))
    expect(mail.text).toContain('Tracking number: Bike Courier Co BC-42')
    expect(mail.html).toContain('Tracking number: Bike Courier Co BC-42')
    expect(mail.html).not.toContain('BC-42</a>')
  })

  it('ships without tracking as before, and refuses tracking with another status or too long', async () => {
    const plain = await paidOrder()
    expect((await ship(plain.id, {})).status).toBe(200)
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes(plain.email))
    expect(mail.text).not.toContain('Tracking number')

    const order = await paidOrder()
    const long = await ship(order.id, { trackingNumber: 'x'.repeat(101) })
    expect(long.status).toBe(400)
    expect(long.body.errors.trackingNumber).toBe('Use at most 100 characters')
    const completed = await site.manager.json('PUT', `/api/admin/orders/${plain.id}/status`, {
      status: 'completed',
      carrier: 'UPS',
    })
    expect(completed.status).toBe(400)
    expect(completed.body.errors.carrier).toBe('Only a shipped order has tracking')
  })
})
