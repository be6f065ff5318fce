'use client'

import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useRef, useState } from 'react'

import { useCart, useCartHydrated } from '@/cart/useCart.client'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { toast, toastOnNextPage } from '@/components/ui/use-toast.client'
import { ApiError } from '@/lib/apiError'
import { cartTotals } from '@/cart/totals'

import { getJson, messageOf, postJson, type CreatedOrder, type PaymentSetup } from './api'
import {
  CheckoutForm,
  EMPTY_VALUES,
  pickFieldErrors,
  type CheckoutValues,
  type FieldErrors,
  type ValidCheckout,
} from './CheckoutForm.client'
import { OrderSummary } from './OrderSummary'
import { PaymentCard } from './PaymentCard.client'
import { usePaymentPolling } from './usePaymentPolling.client'

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
  const clearCart = useCart((s) => s.clear)
  // Set once the visitor leaves for /success or / so that the emptied cart raises no 'Empty Cart'.
  const leaving = useRef(false)
  const [values, setValues] = useState<CheckoutValues>(EMPTY_VALUES)
  const [creating, setCreating] = useState(false)
  const [order, setOrder] = useState<CreatedOrder | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const paymentMessage = useRef<string | undefined>(undefined)
  const formTitle = useRef<HTMLHeadingElement>(null)
  const { setup, retry } = usePaymentSetup(hydrated && items.length > 0)

  const polling = usePaymentPolling(order?.id ?? null, {
    onPaid: () => {
      leaving.current = true
      clearCart()
      toast({ title: 'Payment Successful!', description: 'Your order has been completed successfully.' })
      router.push('/success')
    },
    onFailed: () => {
      toast({ variant: 'destructive', title: 'Payment Failed', description: PAYMENT_FAILED })
      const message = paymentMessage.current
      setNotice(message && message !== PAYMENT_FAILED ? message : null)
      setOrder(null)
      // The form is back: a new attempt places a new order.
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

  const placeOrder = useCallback(
    async (form: ValidCheckout): Promise<FieldErrors | null> => {
      setCreating(true)
      setNotice(null)
      const totals = cartTotals(items)
      try {
        const { data: created } = await postJson<CreatedOrder>('/api/orders', {
          ...form,
          items: items.map((item) => ({
            productId: item.productId,
            productOptionId: item.selectedOption?.id ?? null,
            quantity: item.quantity,
            price: item.price,
          })),
          subtotalAmount: totals.subtotal,
          // The cart knows the flat US shipping only: elsewhere, or with a code, the server's
          // shipping and total are shown once the order is placed.
          ...(form.shippingAddress.country === 'US' && !form.discountCode
            ? { shippingAmount: totals.shipping, totalAmount: totals.total }
            : {}),
          status: 'pending',
        })
        await postJson('/api/checkout/bind', { orderId: created.id })
        paymentMessage.current = undefined
        setOrder(created)
        toast({ title: 'Order Created', description: 'Please complete payment to finalize your order.' })
        return null
      } catch (error) {
        console.error('Creating the order failed:', error)
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to create order. Please try again.' })
        const fields = error instanceof ApiError ? pickFieldErrors(error.body?.errors) : {}
        setNotice(orderRefusal(error, fields))
        return fields
      } finally {
        setCreating(false)
      }
    },
    [items],
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
          placed={
            order && (order.discountAmount !== '0.00' || order.shippingAmount !== cartTotals(items).shipping)
              ? order
              : null
          }
        />
      </div>
      <div className="grid gap-6 lg:col-start-1 lg:row-start-1">
        {order && setup.state === 'ready' && setup.setup.provider !== 'none' ? (
          <PaymentCard
            order={order}
            setup={setup.setup}
            waiting={polling.waiting}
            onPaymentStarted={polling.start}
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
              <CardDescription>We ship your order to this address.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {notConfigured && (
                <p role="alert" className="rounded-md border border-border p-3 text-sm">
                  {notConfigured}
                </p>
              )}
              {notice && (
                <p role="alert" className="rounded-md border border-[hsl(0,90%,72%)] p-3 text-sm text-[hsl(0,90%,78%)]">
                  {notice}
                </p>
              )}
              <CheckoutForm
                values={values}
                onValuesChange={setValues}
                onSubmit={placeOrder}
                creating={creating}
                disabled={polling.waiting || !!notConfigured}
              />
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  )
}
