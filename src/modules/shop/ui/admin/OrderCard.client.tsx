'use client'

import { PackageCheck, Undo2 } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'

import { Button } from '@/ui/button'
import { Card } from '@/ui/card'
import { totalLines } from '@/modules/shop/contract/cartPrice'
import { dollars } from '@/lib/money'
import { cn } from '@/ui/cn'
import { formatShipDate, preorderLabel } from '@/modules/stock/contract/preorder'
import type { Order } from '@/modules/shop/contract/types'
import { ConfirmAction } from '@/ui/admin/ConfirmAction.client'

import { addressOf, signedAdjustment, statusBadgeClass } from './orderText'
import { ShipButton } from './ShipButton.client'

const NEXT_STEP: Record<string, { status: 'shipped' | 'completed'; label: string }> = {
  paid: { status: 'shipped', label: 'Mark as Shipped' },
  shipped: { status: 'completed', label: 'Mark as Completed' },
}

type Tracking = { carrier?: string; trackingNumber?: string }

/** What a card's buttons do: move the order on (shipped, completed) or refund it. */
export type OrderCardActions = {
  advancing: boolean
  refunding: boolean
  onAdvance: (order: Order, status: 'shipped' | 'completed', tracking?: Tracking) => void
  onRefund: (order: Order) => void
}

/** One order in the Orders tab: who, where, what, the totals and what the team can do with it. */
export function OrderCard({
  order,
  canEdit,
  deleteButton,
  actions,
}: {
  order: Order
  canEdit: boolean
  deleteButton: (text?: string) => ReactNode
  actions: OrderCardActions
}) {
  const number = order.id.slice(0, 8)
  return (
    <Card className="grid gap-4 p-5" aria-label={`Order #${number}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="font-semibold">Order #{number}</h2>
          <p>{order.customerName || 'No name provided'}</p>
          <p className="text-sm text-muted-foreground wrap-anywhere">{order.customerEmail}</p>
          <p className="text-sm text-muted-foreground">{new Date(order.createdAt).toLocaleString('en-US')}</p>
          <p className="text-sm">{addressOf(order)}</p>
        </div>
        <div className="grid justify-items-end gap-2">
          <p className="text-xl font-bold">${order.totalAmount}</p>
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusBadgeClass(order.status))}>
            {order.status}
          </span>
        </div>
      </div>
      {order.preorder && (
        <p className="rounded-md bg-primary/10 px-3 py-2 text-sm" data-testid="order-preorder">
          {order.preorder.mixed
            ? `Mixed order: pre-order and in-stock items. It ships together on ${formatShipDate(order.preorder.shipsOn)}.`
            : preorderLabel(order.preorder.shipsOn)}
        </p>
      )}
      <OrderItems items={order.items} />
      <OrderTotals order={order} />
      <a
        href={`/admin/packing-slips?order=${order.id}`}
        target="_blank"
        rel="noopener"
        className="justify-self-end text-sm underline"
      >
        Packing slip for #{number}
      </a>
      {canEdit && <OrderButtons order={order} number={number} deleteButton={deleteButton} actions={actions} />}
    </Card>
  )
}

function OrderItems({ items }: { items: Order['items'] }) {
  if (items.length === 0) return null
  return (
    <ul className="grid gap-1 border-t border-border pt-3 text-sm" aria-label="Items">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap justify-between gap-2">
          <span>
            {item.productName ?? 'Deleted product'}
            {item.optionName && item.optionValue && (
              <span className="text-muted-foreground">
                {' '}
                ({item.optionName}: {item.optionValue}
                {signedAdjustment(item.priceAdjustment) && `, ${signedAdjustment(item.priceAdjustment)}`})
              </span>
            )}
            {item.preorderShipsOn && (
              <span className="text-muted-foreground">, {preorderLabel(item.preorderShipsOn)}</span>
            )}
          </span>
          <span>
            {item.quantity} × ${item.price}
          </span>
        </li>
      ))}
    </ul>
  )
}

function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-border pt-3 text-sm">
      {totalLines(order).map((line) => (
        <Fragment key={`${line.key}:${line.label}`}>
          <dt className={line.key === 'total' ? 'font-semibold' : 'text-muted-foreground'}>{line.label}</dt>
          <dd className={cn('text-right whitespace-nowrap', line.key === 'total' && 'font-semibold')}>
            {dollars(line.amount)}
          </dd>
        </Fragment>
      ))}
      {(order.carrier || order.trackingNumber) && (
        <>
          <dt className="text-muted-foreground">Tracking</dt>
          <dd className="break-all text-right">{[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}</dd>
        </>
      )}
      {order.paypalOrderId && (
        <>
          <dt className="text-muted-foreground">PayPal Order ID</dt>
          <dd className="break-all text-right">{order.paypalOrderId}</dd>
        </>
      )}
    </dl>
  )
}

function OrderButtons({
  order,
  number,
  deleteButton,
  actions,
}: {
  order: Order
  number: string
  deleteButton: (text?: string) => ReactNode
  actions: OrderCardActions
}) {
  const step = NEXT_STEP[order.status]
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {step?.status === 'shipped' && order.items.some((i) => !i.releaseId) && (
        // Shipping emails the customer: say to whom and what before it goes.
        <ShipButton
          order={order}
          number={number}
          label={step.label}
          disabled={actions.advancing}
          onShip={(tracking) => actions.onAdvance(order, 'shipped', tracking)}
        />
      )}
      {step?.status === 'completed' && (
        <Button size="sm" onClick={() => actions.onAdvance(order, 'completed')} disabled={actions.advancing}>
          <PackageCheck aria-hidden="true" />
          {step.label}
        </Button>
      )}
      {(order.status === 'paid' || order.status === 'shipped') && (
        <ConfirmAction
          icon={Undo2}
          confirmText="Refund"
          label={`Refund order #${number}`}
          title="Refund order"
          description={`Refund $${order.totalAmount} for order #${number} to the customer? The payment goes back through the payment provider, the items return to stock and the customer is emailed. This cannot be undone.`}
          onConfirm={() => actions.onRefund(order)}
          disabled={actions.refunding}
        >
          Refund
        </ConfirmAction>
      )}
      {/* Orders that took money are refunded, never deleted. */}
      {(order.status === 'pending' || order.status === 'failed') && deleteButton('Delete')}
    </div>
  )
}
