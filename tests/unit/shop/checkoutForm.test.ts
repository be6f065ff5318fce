import { describe, expect, it } from 'vitest'

import { EMPTY_VALUES, pickFieldErrors, validateCheckout } from '@/modules/shop/ui/checkout/checkoutValues'

import { CHECKOUT_FIELD_MESSAGES, CUSTOMER } from '../../helpers/checkoutForm'

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
    expect(result).toEqual({ ok: false, errors: CHECKOUT_FIELD_MESSAGES })
  })

  it('a valid form becomes the order request: trimmed, email lowercased, country US', () => {
    const result = validateCheckout(VALID)
    expect(result).toEqual({ ok: true, data: CUSTOMER })
  })

  it('a cart of releases only needs no phone; a phone given there is still checked', () => {
    const digitalOnly = { digital: true, digitalOnly: true }
    const noPhone = { ...VALID, customerPhone: '  ', digitalConsent: true }
    expect(validateCheckout(noPhone, digitalOnly)).toMatchObject({ ok: true, data: { customerPhone: null } })
    expect(validateCheckout({ ...noPhone, customerPhone: '555-1234' }, digitalOnly)).toEqual({
      ok: false,
      errors: { customerPhone: 'Phone number must be at least 10 digits' },
    })
    // With something to ship, the phone is asked.
    expect(validateCheckout({ ...VALID, customerPhone: '' })).toEqual({
      ok: false,
      errors: { customerPhone: 'Phone number must be at least 10 digits' },
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
