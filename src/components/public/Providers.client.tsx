'use client'

import { useEffect, type ReactNode } from 'react'

import { CartProvider, useCartHydrated } from '@/components/CartProvider.client'
import { LazyToaster } from '@/components/ui/lazy-toaster.client'

/** Marks <html data-hydrated="true"> once the page is interactive and the saved cart is read. */
function HydrationMarker() {
  const hydrated = useCartHydrated()
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true'
  }, [hydrated])
  return null
}

/** The cart and the toast viewport, shared by every page of the site. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      {children}
      <LazyToaster />
      <HydrationMarker />
    </CartProvider>
  )
}
