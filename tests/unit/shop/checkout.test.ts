import { describe, expect, it } from 'vitest'

import { checkoutFormSchema, createOrderSchema } from '@/modules/shop/contract/checkout'
import { orderConfirmationEmail, type OrderForEmail } from '@/modules/shop/server/emails'

import { CHECKOUT_FIELD_MESSAGES } from '../../helpers/checkoutForm'

const FORM = {
  customerName: 'Jo',
  customerEmail: ' Jo@Example.COM ',
  customerPhone: '5551234567',
  shippingAddress: { street: '1 Main', city: 'LA', state: 'CA', zipCode: '90001' },
}

describe('checkout form schema', () => {
  it('accepts the minimum lengths, lowercases the email and defaults the country to US', () => {
    const parsed = checkoutFormSchema.parse(FORM)
    expect(parsed.customerEmail).toBe('jo@example.com')
    expect(parsed.shippingAddress.country).toBe('US')
  })

  it('gives the spec messages one character short of each minimum', () => {
    const result = checkoutFormSchema.safeParse({
      customerName: 'J',
      customerEmail: 'jo@',
      customerPhone: '555123456',
      shippingAddress: { street: '1 Ma', city: 'L', state: 'C', zipCode: '9000' },
    })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(messages).toEqual(CHECKOUT_FIELD_MESSAGES)
  })

  it('takes prices as "25.00" strings or numbers and refuses fractions of a cent and zero quantities', () => {
    const item = { productId: crypto.randomUUID(), productOptionId: null, quantity: 1, price: '25.00' }
    expect(createOrderSchema.safeParse({ ...FORM, items: [item] }).success).toBe(true)
    expect(createOrderSchema.safeParse({ ...FORM, items: [{ ...item, price: 25 }] }).success).toBe(true)
    expect(createOrderSchema.safeParse({ ...FORM, items: [{ ...item, price: '25.001' }] }).success).toBe(false)
    expect(createOrderSchema.safeParse({ ...FORM, items: [{ ...item, quantity: 0 }] }).success).toBe(false)
  })
})

describe('order confirmation email', () => {
  const order: OrderForEmail = {
    id: 'abcdef12-3456-4789-8abc-def012345678',
    customerName: '<b>Eve</b>',
    customerEmail: 'eve@example.com',
    customerPhone: null,
    subtotalAmount: '27.00',
    shippingAmount: '5.00',
    totalAmount: '32.00',
    shippingAddress: { street: '1 "Quoted" St', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
    items: [{ productName: 'Tee & Co', optionName: 'Size', optionValue: 'L', quantity: 1, price: '27.00' }],
  }

  it('numbers the order by the first 8 characters of its id and escapes customer text in HTML', () => {
    const mail = orderConfirmationEmail(order, 'The Band')
    expect(mail.subject).toBe('Your order #abcdef12 from The Band')
    expect(mail.text).toContain('1 x Tee & Co (Size: L) at $27.00 = $27.00')
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;')
    expect(mail.html).toContain('Tee &amp; Co')
    expect(mail.html).toContain('1 &quot;Quoted&quot; St')
    expect(mail.html).not.toContain('<b>Eve</b>')
  })
})
