'use client'

import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useRef, useState } from 'react'

import { useCart, useCartHydrated } from '@/modules/shop/ui/cart/useCart.client'
import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Spinner } from '@/ui/spinner'
import { toast, toastOnNextPage } from '@/ui/use-toast.client'
import { ApiError } from '@/ui/apiError'
import { countryName } from '@/lib/countries'

import { fetchQuote, getJson, messageOf, postJson, type CreatedOrder, type PaymentSetup } from './api'
import { CheckoutForm } from './CheckoutForm.client'
import {
  EMPTY_VALUES,
  pickFieldErrors,
  type CheckoutValues,
  type FieldErrors,
  type ValidCheckout,
} from './checkoutValues'
import { OrderSummary } from './OrderSummary'
import { PaymentCard } from './PaymentCard.client'
import { usePaymentPolling } from './usePaymentPolling.client'
import { cartKind, cartLines, useQuote } from './useQuote.client'

const PAYMENT_FAILED = 'Your payment could not be processed. Please try again.'

type SetupState = { state: 'loading' } | { state: 'ready'; setup: PaymentSetup } | { state: 'error'; message: string }

/** Which payment provider the site uses (PayPal, the test provider, or none configured). */
function usePaymentSetup(enabled: boolean) {
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

/** The checkout: order summary, customer form, then payment and the wait for its outcome. */
export function Checkout() {
  const router = useRouter()
  const hydrated = useCartHydrated()
  const items = useCart((s) => s.items)
  const kind = cartKind(items)
  const clearCart = useCart((s) => s.clear)
  // Set once the visitor leaves for /success or / so that the emptied cart raises no 'Empty Cart'.
  const leaving = useRef(false)
  const [values, setValues] = useState<CheckoutValues>(EMPTY_VALUES)
  const [creating, setCreating] = useState(false)
  const [order, setOrder] = useState<CreatedOrder | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  /** Why the last payment of this order did not go through; it can be paid again. */
  const [declined, setDeclined] = useState<string | null>(null)
  const paymentMessage = useRef<string | undefined>(undefined)
  const formTitle = useRef<HTMLHeadingElement>(null)
  const { setup, retry } = usePaymentSetup(hydrated && items.length > 0)
  const country = values['shippingAddress.country'] || 'US'
  // The code the summary's price includes: set by Apply (or by placing the order with a code typed).
  const [appliedCode, setAppliedCode] = useState('')
  const state = values['shippingAddress.state'] ?? ''
  const quote = useQuote(items, { country, state }, appliedCode, hydrated && items.length > 0 && !order)

  const polling = usePaymentPolling(order?.id ?? null, {
    onPaid: () => {
      leaving.current = true
      clearCart()
      toast({ title: 'Payment Successful!', description: 'Your order has been completed successfully.' })
      router.push(order ? `/success?order=${encodeURIComponent(order.id)}` : '/success')
    },
    onFailed: () => {
      toast({ variant: 'destructive', title: 'Payment Failed', description: PAYMENT_FAILED })
      const message = paymentMessage.current
      if (!message || message === PAYMENT_FAILED) {
        // A declined payment: the same order is paid again (its payment card stays).
        setDeclined(PAYMENT_FAILED)
        return
      }
      // Refused for a reason the buyer must act on (sold out, a code run out): the form is back,
      // and the next attempt places a new order.
      setNotice(message)
      setOrder(null)
      requestAnimationFrame(() => formTitle.current?.focus())
    },
    onTimeout: () => {
      toast({
        variant: 'destructive',
        title: 'Payment Timeout',
        description: 'Payment is taking longer than expected. Please check your order status.',
      })
    },
  })

  useEffect(() => {
    if (!hydrated || leaving.current || items.length > 0) return
    leaving.current = true
    // The landing page is a full page load: the toast waits for it there.
    toastOnNextPage({ variant: 'destructive', title: 'Empty Cart', description: 'Your cart is empty' })
    window.location.replace('/')
  }, [hydrated, items.length])

  /** Prices the cart with `code` (the summary then shows it); answers why a code was refused. */
  const applyCode = useCallback(
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
    [items, country, quote],
  )

  const placeOrder = useCallback(
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
        paymentMessage.current = undefined
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
    [items, quote],
  )

  if (!hydrated || items.length === 0)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading checkout..." />
      </div>
    )

  const notConfigured = setup.state === 'ready' && setup.setup.provider === 'none' ? setup.setup.message : null

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="lg:col-start-2 lg:row-start-1">
        <OrderSummary
          items={items}
          quote={
            order
              ? {
                  ...(quote.quote ?? { lines: [], shipsToCountry: true, discountMessage: null }),
                  taxAmount: '0.00',
                  taxLines: [],
                  pricesIncludeTax: false,
                  ...order,
                }
              : quote.quote
          }
          country={country}
          ships={!kind.digitalOnly}
          updating={!order && quote.loading && quote.quote !== null}
        />
      </div>
      <div className="grid gap-6 lg:col-start-1 lg:row-start-1">
        {order && setup.state === 'ready' && setup.setup.provider !== 'none' ? (
          <PaymentCard
            order={order}
            setup={setup.setup}
            waiting={polling.waiting}
            declined={declined}
            onPaymentStarted={() => {
              setDeclined(null)
              polling.start()
            }}
            onPaymentSettled={(message) => {
              paymentMessage.current = message
              polling.pollNow()
            }}
            onPaymentAbandoned={polling.stop}
          />
        ) : order && setup.state === 'error' ? (
          <Card>
            <CardHeader>
              <CardTitle>Complete Payment</CardTitle>
              <CardDescription role="alert">{setup.message}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button onClick={retry}>Try again</Button>
            </CardContent>
          </Card>
        ) : order && setup.state === 'loading' ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading payment..." />
          </div>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle ref={formTitle} tabIndex={-1} className="focus-visible:outline-none">
                Customer Information
              </CardTitle>
              <CardDescription>
                {kind.digitalOnly ? 'Your download link goes to this email.' : 'We ship your order to this address.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {notConfigured && (
                <p role="alert" className="rounded-md border border-border p-3 text-sm">
                  {notConfigured}
                </p>
              )}
              {(notice ?? quote.error) && (
                <p role="alert" className="rounded-md border border-[hsl(0,90%,72%)] p-3 text-sm text-[hsl(0,90%,78%)]">
                  {notice ?? quote.error}
                </p>
              )}
              <CheckoutForm
                values={values}
                onValuesChange={setValues}
                onSubmit={placeOrder}
                onApplyCode={applyCode}
                appliedCode={appliedCode}
                creating={creating}
                disabled={polling.waiting || !!notConfigured}
                kind={kind}
              />
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  )
}
