'use client'

import type { ComponentProps, RefObject } from 'react'

import { Button } from '@/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Spinner } from '@/ui/spinner'

import type { CartQuote, CreatedOrder } from './api'
import { CheckoutForm } from './CheckoutForm.client'
import { OrderSummary } from './OrderSummary'
import { PaymentCard } from './PaymentCard.client'
import { useCheckout } from './useCheckout.client'
import { cartKind } from './useQuote.client'

type CheckoutState = ReturnType<typeof useCheckout>

/** Once ordered, the summary shows the order's own amounts over the last quote. */
function summaryQuote(order: CreatedOrder | null, quote: CartQuote | null): CartQuote | null {
  return order
    ? {
        ...(quote ?? { lines: [], shipsToCountry: true, discountMessage: null }),
        taxAmount: '0.00',
        taxLines: [],
        pricesIncludeTax: false,
        ...order,
      }
    : quote
}

type PaymentStepProps = Pick<CheckoutState, 'setup' | 'retry' | 'payment'> & { order: CreatedOrder }

/** The order's payment: the provider's card, a failed set-up with its retry, or the wait for the set-up. */
function PaymentStep({ order, setup, retry, payment }: PaymentStepProps) {
  if (setup.state === 'ready') return <PaymentCard order={order} setup={setup.setup} {...payment} />
  if (setup.state === 'error')
    return (
      <Card>
        <CardHeader>
          <CardTitle>Complete Payment</CardTitle>
          <CardDescription role="alert">{setup.message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={retry}>Try again</Button>
        </CardContent>
      </Card>
    )
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading payment..." />
    </div>
  )
}

type CustomerCardProps = {
  titleRef: RefObject<HTMLHeadingElement | null>
  kind: ReturnType<typeof cartKind>
  notConfigured: string | null
  problem: string | null
  form: Omit<ComponentProps<typeof CheckoutForm>, 'disabled' | 'kind'>
  disabled: boolean
}

/** The customer form, under what keeps it from being sent (no payment provider, a refusal, a failed quote). */
function CustomerCard({ titleRef, kind, notConfigured, problem, form, disabled }: CustomerCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle ref={titleRef} tabIndex={-1} className="focus-visible:outline-none">
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
        {problem && (
          <p role="alert" className="rounded-md border border-[hsl(0,90%,72%)] p-3 text-sm text-[hsl(0,90%,78%)]">
            {problem}
          </p>
        )}
        <CheckoutForm {...form} disabled={disabled} kind={kind} />
      </CardContent>
    </Card>
  )
}

/** The checkout: order summary, customer form, then payment and the wait for its outcome. */
export function Checkout() {
  const { hydrated, items, country, quote, setup, retry, order, notice, formTitleRef, form, payment } = useCheckout()
  const kind = cartKind(items)

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
          quote={summaryQuote(order, quote.quote)}
          country={country}
          ships={!kind.digitalOnly}
          updating={!order && quote.loading && quote.quote !== null}
        />
      </div>
      <div className="grid gap-6 lg:col-start-1 lg:row-start-1">
        {order && notConfigured === null ? (
          <PaymentStep order={order} setup={setup} retry={retry} payment={payment} />
        ) : (
          <CustomerCard
            titleRef={formTitleRef}
            kind={kind}
            notConfigured={notConfigured}
            problem={notice ?? quote.error}
            form={form}
            disabled={payment.waiting || !!notConfigured}
          />
        )}
      </div>
    </div>
  )
}
