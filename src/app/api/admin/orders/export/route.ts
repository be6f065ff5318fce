import { EDITORS } from '@/server/admin/crud'
import { listOrders } from '@/server/admin/orders'
import { requireRole } from '@/server/auth'
import { csvResponse, toCsv } from '@/server/csv'
import { handle } from '@/server/http'

const HEADER = [
  'Order ID', 'Date', 'Status', 'Customer Name', 'Email', 'Phone', 'Street', 'City', 'State', 'ZIP', 'Country',
  'Product', 'Option Name', 'Option Value', 'Quantity', 'Unit Price', 'Subtotal', 'Shipping', 'Total', 'PayPal Order ID',
]

/** One row per order item (an order without items still gets one row). */
export const GET = handle(async (request: Request) => {
  const user = await requireRole(request, EDITORS)
  const rows: unknown[][] = []
  for (const order of await listOrders(user)) {
    const a = order.shippingAddress ?? {}
    const common = [order.id, order.createdAt, order.status, order.customerName, order.customerEmail, order.customerPhone,
      a.street, a.city, a.state, a.zip ?? a.zipCode, a.country]
    const totals = [order.subtotalAmount, order.shippingAmount, order.totalAmount, order.paypalOrderId]
    const items = order.items.length > 0 ? order.items : [null]
    for (const item of items) {
      rows.push([...common, item?.productName, item?.optionName, item?.optionValue, item?.quantity, item?.price, ...totals])
    }
  }
  return csvResponse('orders', toCsv(HEADER, rows))
})
