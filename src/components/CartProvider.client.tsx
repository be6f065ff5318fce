'use client'

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'

import { createCartStore, type CartState, type CartStore } from '@/stores/cart'

const CartContext = createContext<{ store: CartStore; hydrated: boolean } | null>(null)

/** One cart store per browser tab, restored from localStorage after the first render. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createCartStore)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    void Promise.resolve(store.persist.rehydrate()).finally(() => setHydrated(true))
  }, [store])
  return <CartContext.Provider value={{ store, hydrated }}>{children}</CartContext.Provider>
}

export function useCart<T>(selector: (state: CartState) => T): T {
  const context = useContext(CartContext)
  if (!context) throw new Error('useCart must be used inside <CartProvider>')
  return useStore(context.store, selector)
}

/** False until the saved cart has been read (render badges and the checkout only after). */
export function useCartHydrated(): boolean {
  const context = useContext(CartContext)
  if (!context) throw new Error('useCartHydrated must be used inside <CartProvider>')
  return context.hydrated
}
