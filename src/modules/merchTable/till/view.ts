import { $, h, patch } from './dom'
import { toString as qrSvg } from 'qrcode'

import {
  cartTotal,
  cents,
  codesLeft,
  itemKey,
  money,
  notInCatalog,
  printedCode,
  state,
  titleOf,
  type Line,
} from './state'
import type { CatalogItem, LocalSale } from './store'

/** The till's screen, drawn from `state`; what the seller does goes to the handlers given. */

export function renderStatus() {
  const waiting = state.sales.filter(
    (s) => s.state === 'waiting' || (s.voided && !s.voidSynced && s.state === 'synced'),
  )
  $('network').textContent = state.online ? 'Online' : 'Offline: sales are kept on this phone'
  $('network').className = state.online ? 'pill ok' : 'pill off'
  $('waiting').textContent =
    waiting.length === 0
      ? 'All sales sent'
      : `${waiting.length} ${waiting.length === 1 ? 'sale' : 'sales'} waiting to sync`
  const banner = $('link-message')
  banner.hidden = !state.linkMessage
  banner.textContent = state.linkMessage ?? ''
}

/** The button that adds one of an item to the sale, with how many are left. */
function addButton(item: CatalogItem) {
  const inCart = state.cart.find((l) => itemKey(l.item) === itemKey(item))?.quantity ?? 0
  // A release sells only while the link holds an unused code for it.
  const left = (item.releaseId ? codesLeft(item).length : item.stock - notInCatalog(itemKey(item))) - inCart
  // The name read out is the visible text with what it adds: "Add Tour Tee: M, $25.00, 3 left".
  const hidden = (text: string) => h('span', { className: 'visually-hidden' }, text)
  return h(
    'button',
    {
      type: 'button',
      className: left <= 0 ? 'add out' : 'add',
      disabled: Boolean(item.releaseId) && left <= 0,
      'data-key': itemKey(item),
    },
    hidden(item.size ? `Add ${item.name}: ` : `Add ${item.name}`),
    item.size
      ? h('span', { className: 'size' }, item.size)
      : h('span', { className: 'size', 'aria-hidden': 'true' }, 'Add'),
    hidden(', '),
    h('span', { className: 'price' }, money(cents(item.price))),
    hidden(', '),
    h('span', { className: 'left' }, left <= 0 ? 'none left' : `${left} left`),
  )
}

/** The products, each with a button per size (taps on them are handled by the page, by `data-key`). */
export function renderCatalog() {
  const list = $('products')
  if (!state.catalog) {
    patch(list, h('p', {}, state.linkMessage ? '' : 'Connect once to load the products.'))
    return
  }
  $('show').textContent = `${state.catalog.show.title} · ${state.catalog.show.venue}`
  const groups = new Map<string, CatalogItem[]>()
  for (const item of state.catalog.items) groups.set(item.productId, [...(groups.get(item.productId) ?? []), item])
  patch(
    list,
    ...[...groups.values()].map((items) =>
      h(
        'section',
        { className: 'product', 'aria-label': items[0]!.name, 'data-key': items[0]!.productId },
        h('h3', {}, items[0]!.name),
        h('div', { className: 'sizes' }, ...items.map(addButton)),
      ),
    ),
  )
}

/** One line of the sale being rung up, with its quantity buttons (`data-by`: what a tap adds). */
function cartLine(line: Line) {
  return h(
    'li',
    { 'data-key': itemKey(line.item) },
    h('span', { className: 'line-title' }, titleOf(line.item)),
    h(
      'span',
      { className: 'qty' },
      h(
        'button',
        {
          type: 'button',
          'aria-label': `One fewer ${titleOf(line.item)}`,
          'data-by': '-1',
        },
        '−',
      ),
      h('output', { 'aria-label': `Quantity of ${titleOf(line.item)}` }, String(line.quantity)),
      h('button', { type: 'button', 'aria-label': `One more ${titleOf(line.item)}`, 'data-by': '1' }, '+'),
    ),
    h('span', { className: 'line-total' }, money(line.quantity * cents(line.item.price))),
  )
}

/**
 * The download codes the last sale handed out: each as a QR code of its /redeem address, for the
 * fan to scan or photograph, and as text.
 */
export function renderCodes() {
  const panel = $('codes')
  panel.hidden = state.codesShown.length === 0
  const shown = state.codesShown.map(({ title, code }) => {
    const picture = h('div', { className: 'qr', role: 'img', 'aria-label': `QR code for ${title}` })
    void qrSvg(`${location.origin}/redeem?code=${printedCode(code)}`, { type: 'svg', margin: 2 }).then(
      (svg) => (picture.innerHTML = svg),
    )
    return h(
      'figure',
      { className: 'code' },
      picture,
      h(
        'figcaption',
        {},
        h('strong', {}, printedCode(code)),
        h('span', {}, `${title} · redeem at ${location.host}/redeem`),
      ),
    )
  })
  panel.replaceChildren(h('h3', {}, 'Download codes: scan or photograph'), ...shown)
}

export function renderCart() {
  patch($('cart-lines'), ...state.cart.map(cartLine))
  $('cart-empty').hidden = state.cart.length > 0
  const saved = $('sale-saved')
  saved.hidden = !state.saved
  saved.textContent = state.saved ?? ''
  $('total').textContent = money(Math.max(0, cartTotal() - discountCents()))
  for (const id of ['pay-cash', 'pay-card']) $<HTMLButtonElement>(id).disabled = state.cart.length === 0
}

/** The discount typed (all of the sale for a comp), in cents; 0 while what is typed is not an amount. */
export function discountCents(): number {
  const kind = $<HTMLSelectElement>('adjust-kind').value
  if (kind === 'comp') return cartTotal()
  if (kind !== 'discount') return 0
  const typed = $<HTMLInputElement>('discount-amount').value.replace(/^\$/, '').replace(',', '.').trim()
  return /^\d{1,6}(\.\d{1,2})?$/.test(typed) ? cents(typed) : 0
}

function saleLabel(sale: LocalSale) {
  return sale.voided
    ? 'Voided'
    : sale.state === 'waiting'
      ? 'Waiting to sync'
      : sale.state === 'refused'
        ? `Not recorded: ${sale.message ?? ''}`
        : sale.flagged
          ? 'Sent · beyond stock, flagged for the band'
          : 'Sent'
}

function saleEntry(sale: LocalSale) {
  const time = new Date(sale.body.at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })
  return h(
    'li',
    { className: sale.voided ? 'sale voided' : 'sale', 'data-sale': sale.id, 'data-key': sale.id },
    h(
      'div',
      { className: 'sale-head' },
      h('span', {}, `${time} · ${sale.body.comp ? 'Comp' : sale.body.payment === 'cash' ? 'Cash' : 'Card'}`),
      h('strong', {}, money(cents(sale.total))),
    ),
    h('div', { className: 'sale-items' }, sale.titles.join(', ')),
    ...sale.body.items.flatMap((i) =>
      'codes' in i ? i.codes.map((c) => h('div', { className: 'sale-code' }, `Code ${printedCode(c)}`)) : [],
    ),
    h('div', { className: 'sale-state' }, saleLabel(sale)),
    !sale.voided && sale.state !== 'refused' ? h('button', { type: 'button', className: 'void' }, 'Void sale') : null,
  )
}

export function renderSales() {
  $('sales-empty').hidden = state.sales.length > 0
  patch($('sales'), ...state.sales.map(saleEntry))
}
