'use client'

import { FlaskConical } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Spinner } from '@/ui/spinner'

import { captureProviderOrder, createProviderOrder, messageOf, type CreatedOrder, type PaymentSetup } from './api'

// PayPal's React components and script are fetched only when PayPal is the provider.
const PayPalPayment = lazy(() => import('./PayPalPayment.client'))

export type PaymentCallbacks = {
  /** The buyer pressed the payment button: the waiting (polling) starts. */
  onPaymentStarted: () => void
  /** The capture call answered (with the server's message, if any): read the order's status now. */
  onPaymentSettled: (message?: string) => void
  /** Cancelled, or the payment could not be started: the waiting stops. */
  onPaymentAbandoned: (error?: unknown) => void
}

type Props = PaymentCallbacks & {
  order: CreatedOrder
  setup: PaymentSetup
  waiting: boolean
  /** Why the last payment of this order was declined; the buyer pays the same order again. */
  declined?: string | null
}

/** The built-in test provider: the buyer decides whether the payment goes through. */
function TestPayment({
  order,
  onPaymentStarted,
  onPaymentSettled,
  onPaymentAbandoned,
}: PaymentCallbacks & { order: CreatedOrder }) {
  const pay = async (outcome?: 'declined') => {
    onPaymentStarted()
    try {
      const providerOrderId = await createProviderOrder(order.id, order.totalAmount)
      onPaymentSettled((await captureProviderOrder(providerOrderId, outcome)).message)
    } catch (error) {
      console.error(`The test payment of order ${order.id} could not be made:`, error)
      onPaymentAbandoned(error)
    }
  }
  return (
    <section
      aria-labelledby="test-payment-title"
      className="grid gap-3 rounded-md border border-dashed border-accent p-4"
    >
      <div className="flex items-center gap-2">
        <FlaskConical aria-hidden="true" className="size-5 text-accent" />
        <h3 id="test-payment-title" className="font-heading font-semibold">
          Test payment
        </h3>
      </div>
      <p className="text-sm text-muted-foreground">
        No real money is charged: this site has no payment provider set up, so it takes test payments. Choose whether
        this one goes through.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void pay()}>Pay (test)</Button>
        <Button variant="outline" onClick={() => void pay('declined')}>
          Decline (test)
        </Button>
      </div>
    </section>
  )
}

/** 'Complete Payment': the provider's button, or 'Waiting for payment completion...' while polling. */
export function PaymentCard({
  order,
  setup,
  waiting,
  declined,
  onPaymentStarted,
  onPaymentSettled,
  onPaymentAbandoned,
}: Props) {
  const [error, setError] = useState<string | null>(null)
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => title.current?.focus(), [])

  const callbacks: PaymentCallbacks = {
    onPaymentStarted: () => {
      setError(null)
      onPaymentStarted()
    },
    onPaymentSettled,
    onPaymentAbandoned: (cause) => {
      if (cause) setError(messageOf(cause) ?? 'The payment could not be started. Please try again.')
      onPaymentAbandoned(cause)
    },
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={title} tabIndex={-1} className="focus-visible:outline-none">
          Complete Payment
        </CardTitle>
        <CardDescription>
          Order #{order.id.slice(0, 8)} · Total ${order.totalAmount}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {waiting && (
          <div role="status" className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="size-5 animate-spin rounded-full border-2 border-foreground/25 border-t-primary"
            />
            Waiting for payment completion...
          </div>
        )}
        {(error ?? declined) && !waiting && (
          <p role="alert" className="text-sm text-[hsl(0,90%,78%)]">
            {error ?? `${declined} Your order #${order.id.slice(0, 8)} is kept: pay it again below.`}
          </p>
        )}
        {setup.provider === 'test' && !waiting && <TestPayment order={order} {...callbacks} />}
        {setup.provider === 'paypal' && (
          // Kept on screen while waiting: PayPal's window reports back to these buttons, and its
          // card form opens inside them.
          <div>
            <Suspense fallback={<Spinner label="Loading PayPal..." />}>
              <PayPalPayment
                clientId={setup.clientId}
                clientToken={setup.clientToken}
                orderId={order.id}
                amount={order.totalAmount}
                {...callbacks}
              />
            </Suspense>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
