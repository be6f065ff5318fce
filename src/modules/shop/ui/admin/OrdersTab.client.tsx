'use client'

import { Download, Printer } from 'lucide-react'
import { useDeferredValue, useState } from 'react'

import { Button } from '@/ui/button'
import { apiJson } from '@/ui/api-client'

import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { OrdersOverview } from './OrdersOverview.client'
import { RecordList, type Resource } from '@/ui/admin/RecordList.client'
import type { Order } from '@/modules/shop/contract/types'
import { useDebounced, usePagedList } from '@/ui/admin/usePagedList.client'

import { OrderCard, type OrderCardActions } from './OrderCard.client'
import { OrdersToolbar } from './OrdersToolbar.client'

/** The list's search text, status and pre-order choice, as the API and the export take them. */
function listFilters(search: string, status: string, preorder: string) {
  return { q: search.trim() || undefined, status: status || undefined, preorder: preorder || undefined }
}

const ORDERS: Resource = { noun: 'order', path: '/api/admin/orders', invalidate: [KEYS.orders, KEYS.ordersSummary] }

/** The order's refund and its next step (shipped, completed), with their toasts. */
function useOrderActions(): OrderCardActions {
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
  return {
    advancing: advance.isPending,
    refunding: refund.isPending,
    onAdvance: (order, status, tracking) => advance.mutate({ order, status, tracking }),
    onRefund: (order) => refund.mutate(order.id),
  }
}

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
  const actions = useOrderActions()

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
        <OrdersToolbar
          search={{ value: search, onChange: setSearch }}
          status={{ value: status, onChange: setStatus }}
          preorder={{ value: preorder, onChange: setPreorder }}
          total={orders.data?.total}
          filtered={filtered}
        />
      }
      query={{ ...orders, data: cardsData, isPending: orders.isPending || cardsData === undefined }}
      empty={filtered ? 'No orders match your search.' : 'No orders yet.'}
      listLabel="Orders"
      listClassName="grid gap-4"
      itemName={(order) => `order #${order.id.slice(0, 8)}`}
      resource={ORDERS}
      confirmDelete={(order) => `Are you sure you want to delete order #${order.id.slice(0, 8)}?`}
      renderItem={(order, { canEdit, deleteButton }) => (
        <OrderCard order={order} canEdit={canEdit} deleteButton={deleteButton} actions={actions} />
      )}
    />
  )
}
