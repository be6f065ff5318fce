'use client'

import { Download, PackageCheck, Printer, Truck, Undo2 } from 'lucide-react'
import { Fragment, useDeferredValue, useState } from 'react'

import { Button } from '@/ui/button'
import { Card } from '@/ui/card'
import { fieldClasses, Input } from '@/ui/input'
import { Label } from '@/ui/label.client'
import { ORDER_STATUSES } from '@/modules/shop/contract/orderStatus'
import { apiJson } from '@/ui/api-client'
import { totalLines } from '@/modules/shop/contract/cartPrice'
import { dollars } from '@/lib/money'
import { cn } from '@/ui/cn'
import { toCents } from '@/lib/money'
import { formatShipDate, preorderLabel } from '@/modules/stock/contract/preorder'

import { ConfirmAction } from '@/ui/admin/ConfirmAction.client'
import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { OrdersOverview } from './OrdersOverview.client'
import { RecordList, type Resource } from '@/ui/admin/RecordList.client'
import { SearchField } from '@/ui/admin/SearchField.client'
import type { Order } from '@/modules/shop/contract/types'
import { useDebounced, usePagedList } from '@/ui/admin/usePagedList.client'

/** Status badge colours: green for paid, blue for shipped, purple for completed, grey for the rest. */
const STATUS_COLOURS: Record<string, string> = {
  paid: 'bg-green-700 text-white',
  shipped: 'bg-blue-700 text-white',
  completed: 'bg-purple-700 text-white',
}

export function statusBadgeClass(status: string): string {
  return STATUS_COLOURS[status] ?? 'bg-gray-600 text-white'
}

function addressOf(order: Order): string {
  const a = order.shippingAddress
  const parts = a ? [a.street, a.city, a.state, a.zip ?? a.zipCode].filter((p) => p && String(p).trim()) : []
  return parts.length ? parts.join(', ') : 'No address provided'
}

/** "+$2.00" / "-$1.00"; nothing for no adjustment. */
function signedAdjustment(amount: string): string | null {
  const cents = toCents(amount)
  if (cents === 0) return null
  return `${cents > 0 ? '+' : '-'}$${amount.replace('-', '')}`
}

const NEXT_STEP: Record<string, { status: 'shipped' | 'completed'; label: string }> = {
  paid: { status: 'shipped', label: 'Mark as Shipped' },
  shipped: { status: 'completed', label: 'Mark as Completed' },
}

/** The list's search text, status and pre-order choice, as the API and the export take them. */
function listFilters(search: string, status: string, preorder: string) {
  return { q: search.trim() || undefined, status: status || undefined, preorder: preorder || undefined }
}

const ORDERS: Resource = { noun: 'order', path: '/api/admin/orders', invalidate: [KEYS.orders, KEYS.ordersSummary] }

export function OrdersTab() {
  const { canEdit } = useDashboard()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [preorder, setPreorder] = useState('')
  const filters = listFilters(useDebounced(search), status, preorder)
  const filtered = Boolean(filters.q || filters.status || filters.preorder)
  const orders = usePagedList<Order>(KEYS.orders, '/api/admin/orders', filters)
  // The cards render after the toolbar above them has painted.
  const cardsData = useDeferredValue(orders.data)
  const exportUrl = `/api/admin/orders/export${filtered ? `?${new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])))}` : ''}`

  const refund = useAdminMutation({
    mutationFn: (id: string) => apiJson('POST', `/api/admin/orders/${id}/refund`),
    invalidate: [KEYS.orders, KEYS.products],
    success: 'Order refunded successfully',
    failure: 'Failed to refund order',
  })
  const advance = useAdminMutation({
    mutationFn: ({
      order,
      status,
      tracking = {},
    }: {
      order: Order
      status: 'shipped' | 'completed'
      tracking?: { carrier?: string; trackingNumber?: string }
    }) => apiJson('PUT', `/api/admin/orders/${order.id}/status`, { status, ...tracking }),
    invalidate: [KEYS.orders, KEYS.ordersSummary],
    success: (_data, { order, status }) => ({
      title: `Order marked as ${status}`,
      description:
        status === 'shipped'
          ? `${order.customerName || order.customerEmail} has been emailed that order #${order.id.slice(0, 8)} is on its way.`
          : `Order #${order.id.slice(0, 8)} is done.`,
    }),
    failure: 'Failed to update order status',
  })

  return (
    <RecordList<Order>
      title="Manage Orders"
      headerAction={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href="/admin/packing-slips" target="_blank" rel="noopener">
              <Printer aria-hidden="true" />
              Packing slips
            </a>
          </Button>
          {canEdit && (
            <Button variant="outline" onClick={() => window.open(exportUrl, '_blank')}>
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          )}
        </div>
      }
      // A packer comes for the list: the overview (chart, best sellers, low stock) follows it.
      after={<OrdersOverview />}
      toolbar={
        <>
          <div className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Find orders">
            <SearchField
              label="Search orders"
              placeholder="Name, email or order number"
              value={search}
              onChange={setSearch}
              className="min-w-56 flex-1"
            />
            <label className="grid gap-1 text-sm">
              <span>Status</span>
              <select
                value={status}
                onChange={(e) => setStatus(e.target.value)}
                className={cn(fieldClasses, 'h-10 w-44')}
              >
                <option value="">All statuses</option>
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm">
              <span>Pre-orders</span>
              <select
                value={preorder}
                onChange={(e) => setPreorder(e.target.value)}
                className={cn(fieldClasses, 'h-10 w-44')}
              >
                <option value="">All orders</option>
                <option value="true">With pre-order items</option>
                <option value="false">Without pre-order items</option>
              </select>
            </label>
            <p className="pb-2 text-sm text-muted-foreground" aria-live="polite" data-testid="orders-total">
              {orders.data
                ? `${orders.data.total} ${orders.data.total === 1 ? 'order' : 'orders'}${filtered ? ' found' : ''}`
                : ''}
            </p>
          </div>
        </>
      }
      query={{ ...orders, data: cardsData, isPending: orders.isPending || cardsData === undefined }}
      empty={filtered ? 'No orders match your search.' : 'No orders yet.'}
      listLabel="Orders"
      listClassName="grid gap-4"
      itemName={(order) => `order #${order.id.slice(0, 8)}`}
      resource={ORDERS}
      confirmDelete={(order) => `Are you sure you want to delete order #${order.id.slice(0, 8)}?`}
      renderItem={(order, { canEdit, deleteButton }) => {
        const step = NEXT_STEP[order.status]
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
                <span
                  className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusBadgeClass(order.status))}
                >
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
            {order.items.length > 0 && (
              <ul className="grid gap-1 border-t border-border pt-3 text-sm" aria-label="Items">
                {order.items.map((item) => (
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
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-border pt-3 text-sm">
              {totalLines(order).map((line) => (
                <Fragment key={line.key}>
                  <dt className={line.key === 'total' ? 'font-semibold' : 'text-muted-foreground'}>{line.label}</dt>
                  <dd className={cn('text-right whitespace-nowrap', line.key === 'total' && 'font-semibold')}>
                    {dollars(line.amount)}
                  </dd>
                </Fragment>
              ))}
              {(order.carrier || order.trackingNumber) && (
                <>
                  <dt className="text-muted-foreground">Tracking</dt>
                  <dd className="break-all text-right">
                    {[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}
                  </dd>
                </>
              )}
              {order.paypalOrderId && (
                <>
                  <dt className="text-muted-foreground">PayPal Order ID</dt>
                  <dd className="break-all text-right">{order.paypalOrderId}</dd>
                </>
              )}
            </dl>
            <a
              href={`/admin/packing-slips?order=${order.id}`}
              target="_blank"
              rel="noopener"
              className="justify-self-end text-sm underline"
            >
              Packing slip for #{number}
            </a>
            {canEdit && (
              <div className="flex flex-wrap justify-end gap-2">
                {step?.status === 'shipped' && (
                  // Shipping emails the customer: say to whom and what before it goes.
                  <ShipButton
                    order={order}
                    number={number}
                    label={step.label}
                    disabled={advance.isPending}
                    onShip={(tracking) => advance.mutate({ order, status: 'shipped', tracking })}
                  />
                )}
                {step?.status === 'completed' && (
                  <Button
                    size="sm"
                    onClick={() => advance.mutate({ order, status: 'completed' })}
                    disabled={advance.isPending}
                  >
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
                    onConfirm={() => refund.mutate(order.id)}
                    disabled={refund.isPending}
                  >
                    Refund
                  </ConfirmAction>
                )}
                {/* Orders that took money are refunded, never deleted. */}
                {(order.status === 'pending' || order.status === 'failed') && deleteButton('Delete')}
              </div>
            )}
          </Card>
        )
      }}
    />
  )
}

/** "Mark as Shipped": asks first, with the carrier and tracking number (both optional) for the email. */
function ShipButton({
  order,
  number,
  label,
  disabled,
  onShip,
}: {
  order: Order
  number: string
  label: string
  disabled: boolean
  onShip: (tracking: { carrier?: string; trackingNumber?: string }) => void
}) {
  const [carrier, setCarrier] = useState('')
  const [trackingNumber, setTrackingNumber] = useState('')
  const id = `ship-${order.id}`
  return (
    <ConfirmAction
      icon={Truck}
      confirmText="Mark as Shipped"
      label="Mark as Shipped"
      title={`Mark order #${number} as shipped?`}
      description={`${order.customerName || 'The customer'} (${order.customerEmail}) will be emailed "Your order #${number} has shipped", with the shipping address (${addressOf(order)}) and the items. This cannot be undone.`}
      onConfirm={() =>
        onShip({ carrier: carrier.trim() || undefined, trackingNumber: trackingNumber.trim() || undefined })
      }
      disabled={disabled}
      body={
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-carrier`}>Carrier (optional)</Label>
            <Input
              id={`${id}-carrier`}
              list={`${id}-carriers`}
              value={carrier}
              maxLength={50}
              onChange={(e) => setCarrier(e.target.value)}
            />
            <datalist id={`${id}-carriers`}>
              {['USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Canada Post', 'Australia Post'].map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-tracking`}>Tracking number (optional)</Label>
            <Input
              id={`${id}-tracking`}
              value={trackingNumber}
              maxLength={100}
              onChange={(e) => setTrackingNumber(e.target.value)}
            />
          </div>
        </div>
      }
    >
      {label}
    </ConfirmAction>
  )
}
