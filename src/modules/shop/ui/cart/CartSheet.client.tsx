'use client'

import { Minus, Plus, Trash2 } from 'lucide-react'

import { Button } from '@/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/ui/sheet.client'

import { CartTotals } from './CartTotals'
import type { CartItem } from './schema'
import { useCart } from './useCart.client'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCloseAutoFocus: (event: Event) => void }

/** The minus, the quantity and the plus of a physical item's line. */
function QuantityStepper({ item, label }: { item: CartItem; label: string }) {
  const setQuantity = useCart((s) => s.setQuantity)
  return (
    <div className="mt-2 flex items-center gap-2">
      <Button
        variant="outline"
        size="icon-sm"
        aria-label={`Decrease quantity of ${label}`}
        onClick={() => setQuantity(item.id, item.quantity - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <span className="min-w-6 text-center tabular-nums">
        <span className="sr-only">Quantity </span>
        <span data-testid="cart-quantity">{item.quantity}</span>
      </span>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label={`Increase quantity of ${label}`}
        onClick={() => setQuantity(item.id, item.quantity + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  )
}

/** One line of the cart: name, option, price, the quantity (or "Digital download") and a remove button. */
function CartLine({ item }: { item: CartItem }) {
  const remove = useCart((s) => s.remove)
  const label = item.selectedOption ? `${item.name} (${item.selectedOption.value})` : item.name
  return (
    <li className="flex items-start gap-3 py-4" data-testid="cart-line">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.name}</p>
        {item.selectedOption && (
          <p className="text-sm text-muted-foreground">
            {item.selectedOption.name}: {item.selectedOption.value}
          </p>
        )}
        <p className="text-sm">${item.price}</p>
        {item.releaseId ? (
          <p className="text-sm text-muted-foreground">Digital download</p>
        ) : (
          <QuantityStepper item={item} label={label} />
        )}
      </div>
      <Button variant="ghost" size="icon-sm" aria-label={`Remove ${label} from cart`} onClick={() => remove(item.id)}>
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  )
}

/** The slide-in cart panel: lines with quantities, subtotal, shipping, total and the way to checkout. */
export default function CartSheet({ open, onOpenChange, onCloseAutoFocus }: Props) {
  const items = useCart((s) => s.items)

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" onCloseAutoFocus={onCloseAutoFocus}>
        <SheetHeader>
          <SheetTitle>Your Cart</SheetTitle>
          <SheetDescription>
            {items.length === 0 ? 'Your cart is empty' : `${items.length} ${items.length === 1 ? 'item' : 'items'}`}
          </SheetDescription>
        </SheetHeader>
        {items.length > 0 && (
          <ul className="flex-1 divide-y divide-border overflow-y-auto px-6" aria-label="Cart items">
            {items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
        )}
        {items.length > 0 && (
          <SheetFooter>
            <CartTotals items={items} testId="cart" />
            <Button
              size="lg"
              className="w-full"
              onClick={() => {
                onOpenChange(false)
                // A full page load: the landing page carries no client router.
                // eslint-disable-next-line @next/next/no-location-assign-relative-destination
                window.location.assign('/checkout')
              }}
            >
              Proceed to Checkout
            </Button>
          </SheetFooter>
        )}
      </SheetContent>
    </Sheet>
  )
}
