'use client'

import { useEffect, useState } from 'react'

import type { CartItem } from '@/modules/shop/ui/cart/schema'

import { fetchQuote, messageOf, type CartQuote } from './api'

/** The cart's lines as the quote and the order take them (with the price the fan was shown). */
export const cartLines = (items: CartItem[]) =>
  items.map((item) =>
    item.releaseId
      ? { releaseId: item.releaseId, quantity: 1, price: item.price }
      : {
          productId: item.productId,
          productOptionId: item.selectedOption?.id ?? null,
          quantity: item.quantity,
          price: item.price,
        },
  )

/** Whether the cart holds a release, and whether it holds only releases (nothing ships). */
export const cartKind = (items: CartItem[]) => ({
  digital: items.some((i) => i.releaseId),
  digitalOnly: items.length > 0 && items.every((i) => i.releaseId),
})

type Answer = { key: string; quote: CartQuote | null; error: string | null }

/**
 * The server's quote for the cart, the country chosen and the code applied, asked again (after a
 * short pause while the fan is still choosing) whenever one of them changes. The last quote stays
 * on screen, marked as updating, while the next one loads.
 */
export function useQuote(
  items: CartItem[],
  { country, state }: { country: string; state: string },
  discountCode: string,
  enabled: boolean,
) {
  const [answer, setAnswer] = useState<Answer>({ key: '', quote: null, error: null })
  const [attempt, setAttempt] = useState(0)
  const body = JSON.stringify({
    items: cartLines(items),
    country,
    // A US state's own sales tax depends on it.
    state: state.trim() || undefined,
    discountCode: discountCode || undefined,
  })
  const key = `${attempt}:${body}`
  useEffect(() => {
    if (!enabled) return
    let current = true
    const timer = setTimeout(() => {
      fetchQuote(JSON.parse(body) as Parameters<typeof fetchQuote>[0]).then(
        (quote) => current && setAnswer({ key, quote, error: null }),
        (error: unknown) => {
          console.error('Pricing the cart failed:', error)
          if (current)
            setAnswer((a) => ({
              key,
              quote: a.quote,
              error: messageOf(error) ?? 'Your total could not be calculated. Please try again.',
            }))
        },
      )
    }, 150)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [body, key, enabled])
  return {
    quote: answer.quote,
    loading: answer.key !== key,
    error: answer.key === key ? answer.error : null,
    retry: () => setAttempt((n) => n + 1),
    /** Shows a quote just asked for the current choice. */
    setQuote: (quote: CartQuote) => setAnswer({ key, quote, error: null }),
  }
}
