'use client'

import { fieldClasses } from '@/ui/input'
import { ORDER_STATUSES } from '@/modules/shop/contract/orderStatus'
import { cn } from '@/ui/cn'
import { SearchField } from '@/ui/admin/SearchField.client'

type Filter = { value: string; onChange: (value: string) => void }

/** The orders' search, status and pre-order filters, with the count of what they found. */
export function OrdersToolbar({
  search,
  status,
  preorder,
  total,
  filtered,
}: {
  search: Filter
  status: Filter
  preorder: Filter
  total: number | undefined
  filtered: boolean
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Find orders">
      <SearchField
        label="Search orders"
        placeholder="Name, email or order number"
        value={search.value}
        onChange={search.onChange}
        className="min-w-56 flex-1"
      />
      <label className="grid gap-1 text-sm">
        <span>Status</span>
        <select
          value={status.value}
          onChange={(e) => status.onChange(e.target.value)}
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
          value={preorder.value}
          onChange={(e) => preorder.onChange(e.target.value)}
          className={cn(fieldClasses, 'h-10 w-44')}
        >
          <option value="">All orders</option>
          <option value="true">With pre-order items</option>
          <option value="false">Without pre-order items</option>
        </select>
      </label>
      <p className="pb-2 text-sm text-muted-foreground" aria-live="polite" data-testid="orders-total">
        {total !== undefined ? `${total} ${total === 1 ? 'order' : 'orders'}${filtered ? ' found' : ''}` : ''}
      </p>
    </div>
  )
}
