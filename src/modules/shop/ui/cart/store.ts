import { createStore } from 'zustand/vanilla'
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware'

import { formatCents, toCents } from '@/lib/money'
import type { CartItem, SelectedOption } from './schema'
import { parseStoredCart } from './storage'

/** localStorage key under which the browser keeps the cart. */
export const CART_STORAGE_KEY = 'shopping-cart'

export type AddToCart = {
  productId: string
  name: string
  /** The product's base price, "25.00". */
  basePrice: string
  imageUrl?: string | null
  selectedOption?: SelectedOption | null
}

/** A release for the cart: its fixed price, or the amount the fan named ("8.00"). */
export type AddReleaseToCart = { releaseId: string; title: string; price: string; imageUrl?: string | null }

export type CartState = {
  items: CartItem[]
  add: (product: AddToCart) => CartItem
  /** A release is in the cart once: adding it again sets its amount. */
  addRelease: (release: AddReleaseToCart) => CartItem
  setQuantity: (id: string, quantity: number) => void
  remove: (id: string) => void
  clear: () => void
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/**
 * localStorage that only hands back a cart it can validate: corrupted or foreign data starts an
 * empty cart (and is logged) instead of crashing the page.
 */
const validatedStorage: StateStorage = {
  getItem: (name) => {
    const raw = localStorage.getItem(name)
    if (raw === null) return null
    try {
      const stored = JSON.parse(raw) as unknown
      const parsed = parseStoredCart(stored)
      if (parsed.ok)
        return JSON.stringify({ state: { items: parsed.items }, version: (stored as { version?: number }).version })
      console.error('Ignoring an invalid saved cart:', parsed.reason)
    } catch (error) {
      console.error('Ignoring a saved cart that is not JSON:', error)
    }
    localStorage.removeItem(name)
    return null
  },
  setItem: (name, value) => localStorage.setItem(name, value),
  removeItem: (name) => localStorage.removeItem(name),
}

export function createCartStore() {
  return createStore<CartState>()(
    persist(
      (set, get) => ({
        items: [],
        add: (product) => {
          const optionId = product.selectedOption?.id ?? null
          const existing = get().items.find(
            (item) => item.productId === product.productId && (item.selectedOption?.id ?? null) === optionId,
          )
          if (existing) {
            const updated = { ...existing, quantity: existing.quantity + 1 }
            set({ items: get().items.map((item) => (item.id === existing.id ? updated : item)) })
            return updated
          }
          const adjustment = product.selectedOption ? toCents(product.selectedOption.priceAdjustment) : 0
          const line: CartItem = {
            id: newId(),
            productId: product.productId,
            name: product.name,
            price: formatCents(toCents(product.basePrice) + adjustment),
            quantity: 1,
            imageUrl: product.imageUrl ?? null,
            selectedOption: product.selectedOption ?? null,
          }
          set({ items: [...get().items, line] })
          return line
        },
        addRelease: ({ releaseId, title, price, imageUrl }) => {
          const existing = get().items.find((item) => item.releaseId === releaseId)
          const line: CartItem = {
            id: existing?.id ?? newId(),
            productId: releaseId,
            releaseId,
            name: title,
            price: formatCents(toCents(price)),
            quantity: 1,
            imageUrl: imageUrl ?? null,
          }
          set({ items: existing ? get().items.map((i) => (i.id === line.id ? line : i)) : [...get().items, line] })
          return line
        },
        setQuantity: (id, quantity) => {
          if (!Number.isFinite(quantity) || quantity <= 0) {
            set({ items: get().items.filter((item) => item.id !== id) })
            return
          }
          const q = Math.min(999, Math.floor(quantity))
          // A release is bought once.
          set({
            items: get().items.map((item) => (item.id === id ? { ...item, quantity: item.releaseId ? 1 : q } : item)),
          })
        },
        remove: (id) => set({ items: get().items.filter((item) => item.id !== id) }),
        clear: () => set({ items: [] }),
      }),
      {
        name: CART_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => validatedStorage),
        partialize: (state) => ({ items: state.items }),
        skipHydration: true,
      },
    ),
  )
}

export type CartStore = ReturnType<typeof createCartStore>
