import { describe, expect, it } from 'vitest'

import { EMPTY_VALUES, pickFieldErrors, validateCheckout } from '@/components/checkout/CheckoutForm.client'

const VALID = {
  customerName: ' Alex Buyer ',
  customerEmail: 'Alex@Example.com',
  customerPhone: '555-123-4567',
  'shippingAddress.street': '123 Main Street',
  'shippingAddress.city': 'Portland',
  'shippingAddress.state': 'OR',
  'shippingAddress.zipCode': '97201',
}

describe('checkout form', () => {
  it('an empty form gives one message per field, in the spec words', () => {
    const result = validateCheckout(EMPTY_VALUES)
    expect(result).toEqual({
      ok: false,
      errors: {
        customerName: 'Name must be at least 2 characters',
        customerEmail: 'Please enter a valid email address',
        customerPhone: 'Phone number must be at least 10 digits',
        'shippingAddress.street': 'Street address is required',
        'shippingAddress.city': 'City is required',
        'shippingAddress.state': 'State is required',
        'shippingAddress.zipCode': 'ZIP code is required',
      },
    })
  })

  it('a valid form becomes the order request: trimmed, email lowercased, country US', () => {
    const result = validateCheckout(VALID)
    expect(result).toEqual({
      ok: true,
      data: {
        customerName: 'Alex Buyer',
        customerEmail: 'alex@example.com',
        customerPhone: '555-123-4567',
        shippingAddress: { street: '123 Main Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
      },
    })
  })

  it("keeps only the server's errors that belong to a field of the form", () => {
    expect(
      pickFieldErrors({
        'shippingAddress.city': 'City is required',
        'items.0.quantity': 'At most 100 of one item per order',
      }),
    ).toEqual({
      'shippingAddress.city': 'City is required',
    })
  })
})
