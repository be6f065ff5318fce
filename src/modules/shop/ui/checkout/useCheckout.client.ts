'use client'

import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

import type { CartItem } from '@/modules/shop/ui/cart/schema'
import { useCart, useCartHydrated } from '@/modules/shop/ui/cart/useCart.client'
import { toast, toastOnNextPage } from '@/ui/use-toast.client'
import { ApiError } from '@/ui/apiError'
import { countryName } from '@/lib/countries'

import { fetchQuote, getJson, messageOf, postJson, type CreatedOrder, type PaymentSetup } from './api'
import {
  EMPTY_VALUES,
  pickFieldErrors,
  type CheckoutValues,
  type FieldErrors,
  type ValidCheckout,
} from './checkoutValues'
import { usePaymentPolling } from './usePaymentPolling.client'
import { cartLines, useQuote } from './useQuote.client'

export const PAYMENT_FAILED = 'Your payment could not be processed. Please try again.'

type SetupState = { state: 'loading' } | { state: 'ready'; setup: PaymentSetup } | { state: 'error'; message: string }

/** Which payment provider the site uses (PayPal, the test provider, or none configured). */
export function usePaymentSetup(enabled: boolean) {
  const [setup, setSetup] = useState<SetupState>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!enabled) return
    let current = true
    getJson<PaymentSetup>('/api/paypal/setup').then(
      (data) => current && setSetup({ state: 'ready', setup: data }),
      (error: unknown) => {
        console.error('Reading the payment set-up failed:', error)
        if (current)
          setSetup({
            state: 'error',
            message:
              messageOf(error) ?? 'The payment service is not available right now. Please try again in a moment.',
          })
      },
    )
    return () => {
      current = false
    }
  }, [enabled, attempt])
  return {
    setup,
    retry: () => {
      setSetup({ state: 'loading' })
      setAttempt((n) => n + 1)
    },
  }
}

/** A message for a refused order that the field messages don't already tell (price changed, sold out, too many). */
function orderRefusal(error: unknown, fields: FieldErrors): string | null {
  if (!(error instanceof ApiError)) return null
  const others = Object.entries(error.body?.errors ?? {}).filter(([key]) => !(key in fields))
  if (others.length > 0) return others[0]![1]
  return Object.keys(fields).length > 0 ? null : messageOf(error)
}

/** The form's values, the order placed and what the buyer is told about it. */
function useOrderState() {
  const [values, setValues] = useState<CheckoutValues>(EMPTY_VALUES)
  const [creating, setCreating] = useState(false)
  const [order, setOrder] = useState<CreatedOrder | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  /** Why the last payment of this order did not go through; it can be paid again. */
  const [declined, setDeclined] = useState<string | null>(null)
  // The code the summary's price includes: set by Apply (or by placing the order with a code typed).
  const [appliedCode, setAppliedCode] = useState('')
  const paymentMessageRef = useRef<string | undefined>(undefined)
  const formTitleRef = useRef<HTMLHeadingElement>(null)
  return {
    values,
    setValues,
    creating,
    setCreating,
    order,
    setOrder,
    notice,
    setNotice,
    declined,
    setDeclined,
    appliedCode,
    setAppliedCode,
    paymentMessageRef,
    formTitleRef,
  }
}

type OrderState = ReturnType<typeof useOrderState>
type Quote = ReturnType<typeof useQuote>

/** Waits for the payment's outcome: paid goes to /success, declined stays, refused brings the form back. */
function useCheckoutPolling(s: OrderState, leavingRef: RefObject<boolean>, clearCart: () => void) {
  const router = useRouter()
  const { order, setOrder, setNotice, setDeclined, paymentMessageRef, formTitleRef } = s
  return usePaymentPolling(order?.id ?? null, {
    onPaid: () => {
      leavingRef.current = true
      clearCart()
      toast({ title: 'Payment Successful!', description: 'Your order has been completed successfully.' })
      router.push(order ? `/success?order=${encodeURIComponent(order.id)}` : '/success')
    },
    onFailed: () => {
      toast({ variant: 'destructive', title: 'Payment Failed', description: PAYMENT_FAILED })
      const message = paymentMessageRef.current
      if (!message || message === PAYMENT_FAILED) {
        // A declined payment: the same order is paid again (its payment card stays).
        setDeclined(PAYMENT_FAILED)
        return
      }
      // Refused for a reason the buyer must act on (sold out, a code run out): the form is back,
      // and the next attempt places a new order.
      setNotice(message)
      setOrder(null)
      requestAnimationFrame(() => formTitleRef.current?.focus())
    },
    onTimeout: () => {
      toast({
        variant: 'destructive',
        title: 'Payment Timeout',
        description: 'Payment is taking longer than expected. Please check your order status.',
      })
    },
  })
}

/** An empty cart (once restored) has nothing to check out: back to the landing page with a toast. */
function useLeaveWhenEmpty(hydrated: boolean, count: number, leavingRef: RefObject<boolean>) {
  useEffect(() => {
    if (!hydrated || leavingRef.current || count > 0) return
    leavingRef.current = true
    // The landing page is a full page load: the toast waits for it there.
    toastOnNextPage({ variant: 'destructive', title: 'Empty Cart', description: 'Your cart is empty' })
    window.location.replace('/')
  }, [hydrated, count, leavingRef])
}

/** Prices the cart with `code` (the summary then shows it); answers why a code was refused. */
function useApplyCode(items: CartItem[], country: string, quote: Quote, setAppliedCode: (code: string) => void) {
  return useCallback(
    async (code: string): Promise<string | null> => {
      try {
        const priced = await fetchQuote({ items: cartLines(items), country, discountCode: code || undefined })
        if (priced.discountMessage) return priced.discountMessage
        setAppliedCode(priced.discountCode ?? '')
        quote.setQuote(priced)
        return null
      } catch (error) {
        return messageOf(error) ?? 'This discount code could not be checked. Please try again.'
      }
    },
    [items, country, quote, setAppliedCode],
  )
}

/** Prices the order as typed, then places it and binds it to this browser; answers the fields' messages. */
function usePlaceOrder(items: CartItem[], quote: Quote, s: OrderState) {
  const { setCreating, setNotice, setAppliedCode, setDeclined, setOrder, paymentMessageRef } = s
  return useCallback(
    async (form: ValidCheckout): Promise<FieldErrors | null> => {
      setCreating(true)
      setNotice(null)
      try {
        // The price ordered is the quote for this country and the code typed, shown in the summary
        // (and on the payment card) before anything is paid.
        const typedCode = form.discountCode ?? ''
        const priced = await fetchQuote({
          items: cartLines(items),
          country: form.shippingAddress.country,
          // A US state's own sales tax depends on it, as in the summary's quote.
          state: ('state' in form.shippingAddress && form.shippingAddress.state?.trim()) || undefined,
          discountCode: typedCode || undefined,
        })
        if (priced.discountMessage) return { discountCode: priced.discountMessage }
        if (!priced.shipsToCountry)
          return {
            'shippingAddress.country': `Sorry, we don't ship to ${countryName(form.shippingAddress.country)} yet.`,
          }
        setAppliedCode(priced.discountCode ?? '')
        quote.setQuote(priced)
        const { data: created } = await postJson<CreatedOrder>('/api/orders', {
          ...form,
          items: cartLines(items),
          subtotalAmount: priced.subtotalAmount,
          shippingAmount: priced.shippingAmount,
          totalAmount: priced.totalAmount,
          status: 'pending',
        })
        await postJson('/api/checkout/bind', { orderId: created.id })
        paymentMessageRef.current = undefined
        setDeclined(null)
        setOrder(created)
        toast({ title: 'Order Created', description: 'Please complete payment to finalize your order.' })
        return null
      } catch (error) {
        console.error('Creating the order failed:', error)
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to create order. Please try again.' })
        const fields = error instanceof ApiError ? pickFieldErrors(error.body?.errors) : {}
        setNotice(orderRefusal(error, fields))
        // A refusal for a changed price or stock: the summary shows the price now.
        quote.retry()
        return fields
      } finally {
        setCreating(false)
      }
    },
    [items, quote, setCreating, setNotice, setAppliedCode, setDeclined, setOrder, paymentMessageRef],
  )
}

/** The checkout's state: the cart, the form, the quote, the payment set-up, the order and its payment. */
export function useCheckout() {
  const hydrated = useCartHydrated()
  const items = useCart((s) => s.items)
  const clearCart = useCart((s) => s.clear)
  // Set once the visitor leaves for /success or / so that the emptied cart raises no 'Empty Cart'.
  const leavingRef = useRef(false)
  const s = useOrderState()
  const { setup, retry } = usePaymentSetup(hydrated && items.length > 0)
  const country = s.values['shippingAddress.country'] || 'US'
  const state = s.values['shippingAddress.state'] ?? ''
  const quote = useQuote(items, { country, state }, s.appliedCode, hydrated && items.length > 0 && !s.order)
  const polling = useCheckoutPolling(s, leavingRef, clearCart)
  useLeaveWhenEmpty(hydrated, items.length, leavingRef)
  const applyCode = useApplyCode(items, country, quote, s.setAppliedCode)
  const placeOrder = usePlaceOrder(items, quote, s)
  const { paymentMessageRef, setDeclined } = s
  return {
    hydrated,
    items,
    country,
    quote,
    setup,
    retry,
    order: s.order,
    notice: s.notice,
    formTitleRef: s.formTitleRef,
    form: {
      values: s.values,
      onValuesChange: s.setValues,
      onSubmit: placeOrder,
      onApplyCode: applyCode,
      appliedCode: s.appliedCode,
      creating: s.creating,
    },
    payment: {
      waiting: polling.waiting,
      declined: s.declined,
      onPaymentStarted: () => {
        setDeclined(null)
        polling.start()
      },
      onPaymentSettled: (message?: string) => {
        paymentMessageRef.current = message
        polling.pollNow()
      },
      onPaymentAbandoned: polling.stop,
    },
  }
}
