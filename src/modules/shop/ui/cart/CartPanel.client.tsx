'use client'

import { ShoppingCart } from 'lucide-react'
import { lazy, Suspense } from 'react'

import { Button } from '@/ui/button'
import { useLazyDialog } from '@/ui/lazy-dialog.client'

import { useCart, useCartHydrated } from './useCart.client'

const loadSheet = () => import('./CartSheet.client')
const CartSheet = lazy(loadSheet)

/** The cart button with its line-count badge; the slide-in panel's code loads on first use. */
export function CartPanel() {
  const dialog = useLazyDialog(loadSheet)
  const hydrated = useCartHydrated()
  // The badge counts lines, not units; it waits for the saved cart.
  const count = useCart((s) => s.items.length)
  const lines = hydrated ? count : 0

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={lines > 0 ? `Cart, ${lines} ${lines === 1 ? 'item' : 'items'}` : 'Cart'}
        // Not usable until the page's script is live and the saved cart is read.
        disabled={!hydrated}
        {...dialog.triggerProps}
      >
        <ShoppingCart aria-hidden="true" />
        {lines > 0 && (
          <span
            data-testid="cart-badge"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold leading-5 text-accent-foreground"
          >
            {lines}
          </span>
        )}
      </Button>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <CartSheet open={dialog.open} onOpenChange={dialog.setOpen} onCloseAutoFocus={dialog.returnFocus} />
        </Suspense>
      )}
    </>
  )
}
