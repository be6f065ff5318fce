'use client'

import { useSyncExternalStore } from 'react'
import { useStore } from 'zustand'

import { createCartStore, type CartState, type CartStore } from './store'

/**
 * The tab's cart: one store for every part of a page that shows it (the landing page hydrates its
 * interactive parts as separate roots, and they must agree). In the browser it is restored from
 * localStorage once, on first use; on the server it stays the empty cart every page renders with.
 */
let store: CartStore | undefined
let restored = false
const restoredListeners = new Set<() => void>()

function cartStore(): CartStore {
  if (store) return store
  store = createCartStore()
  if (typeof window !== 'undefined') {
    void Promise.resolve(store.persist.rehydrate()).finally(() => {
      restored = true
      for (const listener of restoredListeners) listener()
    })
  }
  return store
}

function onRestored(listener: () => void) {
  restoredListeners.add(listener)
  return () => void restoredListeners.delete(listener)
}

/** A slice of the cart. While a server-rendered page hydrates it reads the empty cart, as the server did. */
export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore(), selector)
}

/** False until the saved cart has been read (render badges and the checkout only after). */
export function useCartHydrated(): boolean {
  cartStore()
  return useSyncExternalStore(
    onRestored,
    () => restored,
    () => false,
  )
}

/** Resolves once the saved cart has been read (in the browser). */
export function cartRestored(): Promise<void> {
  cartStore()
  if (restored) return Promise.resolve()
  return new Promise((resolve) => {
    const off = onRestored(() => {
      off()
      resolve()
    })
  })
}
