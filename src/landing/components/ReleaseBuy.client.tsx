'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { FREE_IN_CART_MESSAGE, minimumPriceMessage } from '@/modules/music/contract/buying'
import type { PublicRelease } from '@/modules/music/contract/publicPage'
import { useCart } from '@/modules/shop/ui/cart/useCart.client'
import { dollars, formatCents, toCents, UNSIGNED_AMOUNT } from '@/lib/money'

import { useLive } from '@/ui/useLive'

export type ReleaseBuyProps = {
  releaseId: string
  title: string
  artworkUrl: string | null
  pricing: PublicRelease['pricing']
}

/** The amount typed for a name-your-price release, in cents, or why it cannot be taken. */
function amountCents(typed: string, minimum: string): { cents: number } | { error: string } {
  const text = typed.trim()
  if (!UNSIGNED_AMOUNT.test(text)) return { error: 'Enter an amount such as 8.00' }
  const cents = toCents(text)
  const min = toCents(minimum)
  if (cents < min) return { error: minimumPriceMessage(min) }
  if (cents === 0) return { error: FREE_IN_CART_MESSAGE }
  return { cents }
}

/**
 * The release's Buy button: a fixed price goes to the cart as it is; a name-your-price release
 * with the amount typed (no lower than the minimum, the server's same message below it). The
 * release is in the cart once: buying it again sets its amount. The cart is the shop's own.
 */
export function ReleaseBuy({ releaseId, title, artworkUrl, pricing }: ReleaseBuyProps) {
  const live = useLive()
  const addRelease = useCart((s) => s.addRelease)
  const [error, setError] = useState<string | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  const nameYourPrice = pricing.mode === 'nameYourPrice'

  const buy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    let cents = pricing.mode === 'fixed' ? toCents(pricing.price) : 0
    if (pricing.mode === 'nameYourPrice') {
      const typed = new FormData(event.currentTarget).get('amount')
      const amount = amountCents(typeof typed === 'string' ? typed : '', pricing.minimum)
      if ('error' in amount) {
        setError(amount.error)
        setAdded(null)
        return
      }
      cents = amount.cents
    }
    setError(null)
    addRelease({ releaseId, title, price: formatCents(cents), imageUrl: artworkUrl })
    setAdded(`${title} is in your cart at ${dollars(formatCents(cents))}.`)
  }

  return (
    <form onSubmit={buy} noValidate className="space-y-2" aria-label={`Buy ${title}`}>
      {nameYourPrice && (
        <>
          <label htmlFor="release-amount" className="block text-sm font-medium">
            Your price (USD)
          </label>
          <input
            id="release-amount"
            name="amount"
            type="number"
            inputMode="decimal"
            min={pricing.minimum}
            step="0.01"
            defaultValue={pricing.suggested ?? pricing.minimum}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'release-amount-error' : 'release-amount-hint'}
            className="h-10 w-32 rounded-md border border-input bg-background px-3"
          />
          <p id="release-amount-hint" className="text-sm text-muted-foreground">
            {`Minimum ${dollars(pricing.minimum)}`}
          </p>
          {error && (
            <p id="release-amount-error" className="text-sm text-[hsl(0,90%,78%)]">
              {error}
            </p>
          )}
        </>
      )}
      <Button type="submit" disabled={!live}>
        Buy
      </Button>
      <p role="status" className="text-sm">
        {added && (
          <>
            {added}{' '}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the landing pages carry no client router */}
            <a href="/checkout" className="font-semibold underline underline-offset-4">
              Go to checkout
            </a>
          </>
        )}
      </p>
    </form>
  )
}
