import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'

/** Packing slips: a print-ready page per order, or for every paid order not yet shipped; team members only. */

const site = useAdminSite({ viewer: true })

async function order(status: string, customerName: string, size: string) {
  const made = await site.payload.create({
    collection: 'orders',
    data: {
      customerEmail: `${customerName.split(' ')[0]!.toLowerCase()}@example.com`,
      customerName,
      subtotalAmount: 25,
      shippingAmount: 5,
      totalAmount: 30,
      status,
      shippingAddress: { street: '1 <Main> St', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
    } as never,
    overrideAccess: true,
  })
  await site.payload.create({
    collection: 'order-items',
    data: {
      orderId: made.id,
      productName: 'Tour Tee',
      optionName: 'Size',
      optionValue: size,
      quantity: 2,
      price: 25,
    } as never,
    overrideAccess: true,
  })
  return made.id as string
}

describe('GET /admin/packing-slips', () => {
  it('prints every paid order not yet shipped, one per page, with the address, items and order number', async () => {
    const paid = await order('paid', 'Pia Paid', 'L')
    const shipped = await order('shipped', 'Sam Shipped', 'S')
    const res = await site.viewer.get('/admin/packing-slips')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    expect(html).toContain(`Order #${paid.slice(0, 8)}`)
    expect(html).toContain('Pia Paid<br>1 &lt;Main&gt; St<br>Portland, OR, 97201')
    expect(html).toContain('<td>Tour Tee</td><td>Size: L</td><td class="qty">2</td>')
    expect(html).not.toContain(shipped.slice(0, 8))
    // One order per printed page.
    expect(html.slice(html.indexOf('@media print'))).toContain('.slip{break-after:page')

    const one = await (await site.viewer.get(`/admin/packing-slips?order=${shipped}`)).text()
    expect(one).toContain(`Order #${shipped.slice(0, 8)}`)
    expect(one.match(/class="slip"/g)).toHaveLength(1)
  })

  it('is for team members only, and an unknown order is a 404', async () => {
    expect((await site.fresh().get('/admin/packing-slips')).status).toBe(401)
    expect((await site.owner.get('/admin/packing-slips?order=00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await site.owner.get('/admin/packing-slips?order=nope')).status).toBe(404)
  })
})
