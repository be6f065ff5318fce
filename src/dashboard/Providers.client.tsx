'use client'

import { useEffect, type ReactNode } from 'react'

import { useCartHydrated } from '@/modules/shop/ui/cart/useCart.client'
import { LazyToaster } from '@/ui/lazy-toaster.client'

/** Marks <html data-hydrated="true"> once the page is interactive and the saved cart is read. */
function HydrationMarker() {
  const hydrated = useCartHydrated()
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true'
  }, [hydrated])
  return null
}

/** The toast viewport and the hydration marker, shared by every page of the site. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
      <HydrationMarker />
    </>
  )
}
