import { describe, expect, it } from 'vitest'

import { parseStoredCart } from '@/modules/shop/ui/cart/storage'
import { storedCartSchema } from '@/modules/shop/ui/cart/schema'

const line = {
  id: 'l1',
  productId: 'p1',
  name: 'Tour Tee',
  price: '27.00',
  quantity: 2,
  imageUrl: null,
  selectedOption: { id: 'o1', name: 'Size', value: 'XL', priceAdjustment: '2.00' },
}
const saved = (items: unknown, extra: object = {}) => ({ state: { items }, version: 1, ...extra })

const samples: [string, unknown][] = [
  ['a valid cart', saved([line])],
  ['an empty cart', saved([])],
  [
    'a line without option or image',
    saved([{ id: 'l2', productId: 'p2', name: 'Vinyl', price: '30.00', quantity: 1 }]),
  ],
  ['a null option', saved([{ ...line, selectedOption: null }])],
  ['no version', { state: { items: [line] } }],
  ['a string version', saved([line], { version: '1' })],
  ['quantity 0', saved([{ ...line, quantity: 0 }])],
  ['quantity 1000', saved([{ ...line, quantity: 1000 }])],
  ['a fractional quantity', saved([{ ...line, quantity: 1.5 }])],
  ['a price with one decimal', saved([{ ...line, price: '27.0' }])],
  ['a numeric price', saved([{ ...line, price: 27 }])],
  ['an empty id', saved([{ ...line, id: '' }])],
  ['a missing productId', saved([{ ...line, productId: undefined }])],
  ['an option without adjustment', saved([{ ...line, selectedOption: { id: 'o1', name: 'Size', value: 'M' } }])],
  ['a numeric imageUrl', saved([{ ...line, imageUrl: 5 }])],
  [
    'a release line',
    saved([{ id: 'l3', productId: 'r1', releaseId: 'r1', name: 'Night Drive', price: '8.00', quantity: 1 }]),
  ],
  ['an empty releaseId', saved([{ ...line, releaseId: '' }])],
  ['items not a list', saved({ 0: line })],
  ['201 lines', saved(Array.from({ length: 201 }, (_, i) => ({ ...line, id: `l${i}` })))],
  ['a foreign object', { cart: [line] }],
  ['an array', [line]],
  ['a string', 'hello'],
  ['null', null],
]

describe('saved cart check', () => {
  it.each(samples)('agrees with the cart schema on %s', (_name, value) => {
    const ours = parseStoredCart(value)
    const schema = storedCartSchema.safeParse(value)
    expect(ours.ok).toBe(schema.success)
    if (ours.ok && schema.success) expect(ours.items).toEqual(schema.data.state.items)
  })
})
