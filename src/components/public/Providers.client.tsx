'use client'

import type { ReactNode } from 'react'

import { CartProvider } from '@/components/CartProvider.client'
import { Toaster } from '@/components/ui/toaster'

/** The cart and the toast viewport, shared by every page of the site. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      {children}
      <Toaster />
    </CartProvider>
  )
}
