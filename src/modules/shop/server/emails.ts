import 'server-only'

import { totalLines } from '@/modules/shop/contract/cartPrice'
import { escapeHtml } from '@/lib/escapeHtml'
import { emailPage as page, type EmailContent } from '@/platform/email/layout'
import { dollars as signedDollars, formatCents, toCents } from '@/lib/money'
import { formatShipDate, orderShipping, preorderLabel } from '@/modules/stock/contract/preorder'
import { trackingUrl } from '@/modules/shop/contract/tracking'

import { downloadHtml, downloadText, type OrderDownloads } from './downloadEmail'

/** Plain-text and HTML bodies of the shop's emails. Every value from a customer is escaped in HTML. */

export type OrderForEmail = {
  id: string
  customerName: string | null
  customerEmail: string
  customerPhone: string | null
  subtotalAmount: string
  shippingAmount: string
  totalAmount: string
  /** What a discount code took off ("0.00" without one), and the code. */
  discountAmount?: string
  discountCode?: string | null
  /** The tax and its lines ("Sales tax 7.25 %"), when the order was taxed. */
  taxAmount?: string
  taxLines?: { name: string; rate: string; amount: string }[]
  pricesIncludeTax?: boolean
  carrier?: string | null
  trackingNumber?: string | null
  /** The buyer asked for the download of its releases now (waiving the right of withdrawal). */
  digitalConsent?: boolean
  /** The download of its releases, once paid. */
  downloads?: OrderDownloads | null
  shippingAddress: {
    street?: string
    city?: string
    state?: string
    zipCode?: string
    zip?: string
    country?: string
  } | null
  items: {
    productName: string
    optionName: string | null
    optionValue: string | null
    quantity: number
    price: string
    /** Bought on pre-order: the day it ships ("YYYY-MM-DD"). */
    preorderShipsOn?: string | null
    /** A release: downloaded, never shipped. */
    digital?: boolean
  }[]
}

/** Whether anything of the order ships (an order of releases only is downloaded). */
const ships = (order: OrderForEmail) => order.items.length === 0 || order.items.some((i) => !i.digital)

/** Order numbers are the first 8 characters of the id, as the dashboard shows them. */
export const orderNumber = (id: string) => id.slice(0, 8)

const dollars = (amount: string) => `$${formatCents(toCents(amount))}`

const itemLabel = (item: OrderForEmail['items'][number]) => {
  const name = item.optionValue
    ? `${item.productName} (${item.optionName ?? 'Option'}: ${item.optionValue})`
    : item.productName
  return item.preorderShipsOn ? `${name}, ${preorderLabel(item.preorderShipsOn)}` : name
}

/** When an order holding pre-order items ships, in the buyer's words; null without such items. */
function preorderShipping(order: Pick<OrderForEmail, 'items'>): string | null {
  const shipping = orderShipping(order.items)
  if (!shipping) return null
  const day = formatShipDate(shipping.shipsOn)
  return shipping.mixed
    ? `Your order holds pre-order items: everything ships together on ${day}.`
    : `Your order is a pre-order: it ships on ${day}.`
}

const lineTotal = (item: OrderForEmail['items'][number]) => `$${formatCents(toCents(item.price) * item.quantity)}`

function addressLines(order: OrderForEmail): string[] {
  const a = order.shippingAddress
  if (!a) return ['No address provided']
  const zip = a.zipCode ?? a.zip ?? ''
  return [
    order.customerName ?? '',
    a.street ?? '',
    `${a.city ?? ''}, ${a.state ?? ''} ${zip}`.trim(),
    a.country ?? '',
  ].filter(Boolean)
}

function itemsText(order: OrderForEmail): string {
  const lines = order.items.map(
    (item) => `  ${item.quantity} x ${itemLabel(item)} at ${dollars(item.price)} = ${lineTotal(item)}`,
  )
  const totals = totalLines(order)
  const width = Math.max(...totals.map((t) => t.label.length)) + 1
  return [...lines, '', ...totals.map((t) => `  ${`${t.label}:`.padEnd(width)} ${signedDollars(t.amount)}`)].join('\n')
}

function itemsHtml(order: OrderForEmail): string {
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"'
  const rows = order.items
    .map(
      (item) =>
        `<tr><td ${cell}>${escapeHtml(itemLabel(item))}</td><td ${cell} align="right">${item.quantity}</td>` +
        `<td ${cell} align="right">${dollars(item.price)}</td><td ${cell} align="right">${lineTotal(item)}</td></tr>`,
    )
    .join('')
  const total = (label: string, amount: string, bold = false) =>
    `<tr><td colspan="3" align="right" style="padding:4px 8px">${bold ? `<strong>${label}</strong>` : label}</td>` +
    `<td align="right" style="padding:4px 8px;white-space:nowrap">${bold ? `<strong>${signedDollars(amount)}</strong>` : signedDollars(amount)}</td></tr>`
  return (
    `<table cellspacing="0" style="border-collapse:collapse;font-family:sans-serif;font-size:14px">` +
    `<thead><tr><th align="left" ${cell}>Item</th><th ${cell}>Qty</th><th ${cell}>Price</th><th ${cell}>Total</th></tr></thead>` +
    `<tbody>${rows}${totalLines(order)
      .map((t) => total(escapeHtml(t.label), t.amount, t.key === 'total'))
      .join('')}</tbody></table>`
  )
}

const addressHtml = (order: OrderForEmail) => addressLines(order).map(escapeHtml).join('<br>')

/** An email to the customer: a greeting, the body (text and HTML), signed with the band's name. */
function toCustomer(
  order: OrderForEmail,
  bandName: string,
  subject: string,
  text: string[],
  html: string,
): EmailContent {
  const greeting = order.customerName ? `Hi ${order.customerName},` : 'Hi,'
  return {
    subject,
    text: [greeting, '', ...text, bandName].join('\n'),
    html: page(`<p>${escapeHtml(greeting)}</p>${html}<p>${escapeHtml(bandName)}</p>`),
  }
}

const indented = (lines: string[]) => lines.map((l) => `  ${l}`)

/** The confirmation: the items and amounts, where it ships (when something does) and the downloads. */
export function orderConfirmationEmail(order: OrderForEmail, bandName: string): EmailContent {
  const number = orderNumber(order.id)
  const shipping = preorderShipping(order)
  const shipped = ships(order)
  const consent = order.digitalConsent === true
  return toCustomer(
    order,
    bandName,
    `Your order #${number} from ${bandName}`,
    [
      `Thank you for your order from ${bandName}! We have received your payment.`,
      '',
      `Order #${number}`,
      '',
      itemsText(order),
      '',
      ...downloadText(order.downloads, consent),
      ...(shipped ? ['Shipping to:', ...indented(addressLines(order)), ''] : []),
      ...(shipping ? [shipping, ''] : []),
      ...(shipped ? ['We will let you know when it ships.'] : []),
    ],
    `<p>Thank you for your order from ${escapeHtml(bandName)}! We have received your payment.</p>` +
      `<h2 style="font-size:18px">Order #${escapeHtml(number)}</h2>${itemsHtml(order)}` +
      downloadHtml(order.downloads, consent) +
      (shipped ? `<h3 style="font-size:15px">Shipping to</h3><p>${addressHtml(order)}</p>` : '') +
      (shipping ? `<p>${escapeHtml(shipping)}</p>` : '') +
      (shipped ? `<p>We will let you know when it ships.</p>` : ''),
  )
}

export function newOrderNotificationEmail(order: OrderForEmail): EmailContent {
  const number = orderNumber(order.id)
  const customer = [order.customerName, order.customerEmail, order.customerPhone].filter(Boolean) as string[]
  const text = [
    `A new order has been paid: #${number} (${dollars(order.totalAmount)}).`,
    '',
    'Customer:',
    ...indented(customer),
    '',
    itemsText(order),
    ...(ships(order) ? ['', 'Ship to:', ...indented(addressLines(order))] : []),
  ].join('\n')
  const html = page(
    `<p>A new order has been paid: <strong>#${escapeHtml(number)}</strong> (${dollars(order.totalAmount)}).</p>` +
      `<h3 style="font-size:15px">Customer</h3><p>${customer.map(escapeHtml).join('<br>')}</p>${itemsHtml(order)}` +
      (ships(order) ? `<h3 style="font-size:15px">Ship to</h3><p>${addressHtml(order)}</p>` : ''),
  )
  return { subject: `New order #${number}: ${dollars(order.totalAmount)}`, text, html }
}

/** The parcel's tracking: a link to the carrier's page for the known carriers, the number as text otherwise. */
function trackingText(order: OrderForEmail): string[] {
  if (!order.trackingNumber) return order.carrier ? [`Carrier: ${order.carrier}`, ''] : []
  const url = trackingUrl(order.carrier, order.trackingNumber)
  const carrier = order.carrier ? `${order.carrier} ` : ''
  return [`Tracking number: ${carrier}${order.trackingNumber}`, ...(url ? [`Track your parcel: ${url}`] : []), '']
}

function trackingHtml(order: OrderForEmail): string {
  if (!order.trackingNumber) return order.carrier ? `<p>Carrier: ${escapeHtml(order.carrier)}</p>` : ''
  const url = trackingUrl(order.carrier, order.trackingNumber)
  const label = `${order.carrier ? `${order.carrier} ` : ''}${order.trackingNumber}`
  return url
    ? `<p>Tracking number: <a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`
    : `<p>Tracking number: ${escapeHtml(label)}</p>`
}

export function orderShippedEmail(order: OrderForEmail, bandName: string): EmailContent {
  const number = orderNumber(order.id)
  return toCustomer(
    order,
    bandName,
    `Your order #${number} has shipped`,
    [
      `Good news: your order #${number} from ${bandName} has shipped to:`,
      ...indented(addressLines(order)),
      '',
      itemsText(order),
      '',
      ...trackingText(order),
    ],
    `<p>Good news: your order <strong>#${escapeHtml(number)}</strong> from ${escapeHtml(bandName)} has shipped to:</p>` +
      `<p>${addressHtml(order)}</p>${itemsHtml(order)}${trackingHtml(order)}`,
  )
}

export function orderRefundedEmail(order: OrderForEmail, bandName: string): EmailContent {
  const number = orderNumber(order.id)
  const total = dollars(order.totalAmount)
  return toCustomer(
    order,
    bandName,
    `Your order #${number} has been refunded`,
    [
      `Your order #${number} from ${bandName} has been refunded: ${total} goes back to the account you paid with.`,
      'Depending on your bank, it can take a few days to show.',
      '',
      itemsText(order),
      '',
    ],
    `<p>Your order <strong>#${escapeHtml(number)}</strong> from ${escapeHtml(bandName)} has been refunded: ` +
      `${escapeHtml(total)} goes back to the account you paid with. Depending on your bank, it can take a few days to show.</p>` +
      itemsHtml(order),
  )
}
