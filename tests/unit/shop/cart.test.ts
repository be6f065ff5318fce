import { beforeEach, describe, expect, it, vi } from 'vitest'

import { CART_STORAGE_KEY, createCartStore } from '@/modules/shop/ui/cart/store'
import { cartTotals } from '@/modules/shop/ui/cart/totals'

class MemoryStorage {
  data = new Map<string, string>()
  getItem = (k: string) => this.data.get(k) ?? null
  setItem = (k: string, v: string) => void this.data.set(k, v)
  removeItem = (k: string) => void this.data.delete(k)
}

const size = (id: string, value: string, priceAdjustment = '0.00') => ({ id, name: 'Size', value, priceAdjustment })
const tee = { productId: 'p1', name: 'Tour Tee', basePrice: '25.00' }

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage())
})

describe('cart store', () => {
  it('adding the same product and option twice raises the quantity to 2', () => {
    const cart = createCartStore()
    cart.getState().add({ ...tee, selectedOption: size('m', 'M') })
    cart.getState().add({ ...tee, selectedOption: size('m', 'M') })
    expect(cart.getState().items).toHaveLength(1)
    expect(cart.getState().items[0]!.quantity).toBe(2)
  })

  it('a different option adds a new line priced base plus adjustment', () => {
    const cart = createCartStore()
    cart.getState().add({ ...tee, selectedOption: size('m', 'M') })
    const xl = cart.getState().add({ ...tee, selectedOption: size('xl', 'XL', '2.00') })
    expect(cart.getState().items).toHaveLength(2)
    expect(xl.price).toBe('27.00')
  })

  it('a quantity of 0 or below removes the line', () => {
    const cart = createCartStore()
    const line = cart.getState().add(tee)
    cart.getState().setQuantity(line.id, 0)
    expect(cart.getState().items).toHaveLength(0)
    const again = cart.getState().add(tee)
    cart.getState().setQuantity(again.id, -3)
    expect(cart.getState().items).toHaveLength(0)
  })

  it('totals: the subtotal of price × quantity (shipping and the total come from the checkout quote)', () => {
    expect(cartTotals([])).toEqual({ subtotalCents: 0, subtotal: '0.00' })
    const cart = createCartStore()
    const line = cart.getState().add({ ...tee, basePrice: '19.99' })
    cart.getState().setQuantity(line.id, 3)
    expect(cartTotals(cart.getState().items)).toEqual({ subtotalCents: 5997, subtotal: '59.97' })
  })

  it('is saved under "shopping-cart" and restored by a new store', async () => {
    const cart = createCartStore()
    cart.getState().add({ ...tee, selectedOption: size('s', 'S') })
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.items).toHaveLength(1)
    const restored = createCartStore()
    await restored.persist.rehydrate()
    expect(restored.getState().items[0]).toMatchObject({ productId: 'p1', selectedOption: { value: 'S' } })
  })

  it('corrupted or foreign saved data starts an empty cart instead of crashing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const bad of ['{not json', '{"state":{"items":[{"id":1}]}}', '"hello"', '{"state":{"items":"x"}}']) {
      localStorage.setItem(CART_STORAGE_KEY, bad)
      const cart = createCartStore()
      await cart.persist.rehydrate()
      expect(cart.getState().items).toEqual([])
    }
    expect(log).toHaveBeenCalled()
  })
})
