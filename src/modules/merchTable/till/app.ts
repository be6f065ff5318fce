import { $, announce, onClickOf } from './dom'
import { downloadCsv } from './csv'
import { newSale, type Adjustment } from './sale'
import { cartTotal, cents, codesLeft, itemKey, money, state, titleOf, token, type Line } from './state'
import { putSale, salesOf, type CatalogItem, type LocalSale } from './store'
import { afterSync, loadFirst, sync } from './sync'
import { discountCents, renderCart, renderCatalog, renderCodes, renderSales, renderStatus } from './view'

/**
 * The merch-table till: a phone held in one hand. It rings up sales with or without a network:
 * each sale is kept on the phone first (IndexedDB) with an id made here, and sent to the band's
 * site whenever the network is there; the site records each id once. A link the band revoked or
 * that ended is refused with its message, and the sales not yet sent stay here, downloadable as CSV.
 * The number left of each item is the site's stock, read again after each sale the site records
 * and when the network returns, less what this phone sold that the site had not yet counted.
 */

function render() {
  renderStatus()
  renderCatalog()
  renderCart()
  renderCodes()
  renderSales()
  // The sale stays at the top while the products scroll under it: what the keyboard reaches is scrolled below it.
  document.documentElement.style.scrollPaddingTop = `${$('cart').offsetHeight + 8}px`
}

/** Whether one more of a release fits the codes this phone still holds for it (an item always fits). */
const fits = (item: CatalogItem, quantity: number) => !item.releaseId || codesLeft(item).length > quantity

function addToCart(item: CatalogItem) {
  const line = state.cart.find((l) => itemKey(l.item) === itemKey(item))
  if (!fits(item, line?.quantity ?? 0)) return
  if (line) line.quantity += 1
  else state.cart.push({ item, quantity: 1 })
  state.saved = null
  state.codesShown = []
  announce(`${titleOf(item)} added. Total ${money(cartTotal())}`)
  render()
}

function changeQuantity(line: Line, by: number) {
  if (by > 0 && !fits(line.item, line.quantity)) return
  line.quantity += by
  if (line.quantity <= 0) state.cart = state.cart.filter((l) => l !== line)
  render()
}

/** Why the adjustment cannot be rung up as typed, with the field to fix, or null. */
function adjustmentError(kind: Adjustment, reason: string, discount: number) {
  if (kind !== 'none' && !reason)
    return {
      message: kind === 'comp' ? 'Say who the comp is for.' : 'Say why the discount is given.',
      field: 'adjust-reason',
    }
  if (kind === 'discount' && (discount <= 0 || discount > cartTotal()))
    return { message: 'Enter a discount no bigger than the sale, like 5.00.', field: 'discount-amount' }
  return null
}

async function ringUp(payment: 'cash' | 'card') {
  if (state.cart.length === 0) return
  const kind = $<HTMLSelectElement>('adjust-kind').value as Adjustment
  const reason = $<HTMLInputElement>('adjust-reason').value.trim()
  const error = $('adjust-error')
  error.textContent = ''
  const discount = discountCents()
  const refused = adjustmentError(kind, reason, discount)
  if (refused) {
    error.textContent = refused.message
    $<HTMLInputElement>(refused.field).focus()
    return
  }
  const sale = newSale(payment, kind, reason, discount)
  state.codesShown = sale.body.items.flatMap((i, n) =>
    'codes' in i ? i.codes.map((code) => ({ title: state.cart[n]!.item.name, code })) : [],
  )
  await putSale(sale)
  state.sales.unshift(sale)
  state.cart = []
  $<HTMLSelectElement>('adjust-kind').value = 'none'
  $<HTMLInputElement>('adjust-reason').value = ''
  $<HTMLInputElement>('discount-amount').value = ''
  showAdjust()
  state.saved = `Sale saved: ${money(cents(sale.total))} ${kind === 'comp' ? 'comp' : payment}`
  announce(state.codesShown.length > 0 ? `${state.saved}. Show the download codes to the fan.` : state.saved)
  render()
  void sync()
}

async function voidSale(sale: LocalSale) {
  if (!window.confirm(`Void this sale of ${money(cents(sale.total))}? It stays in the list, marked void.`)) return
  sale.voided = { reason: 'Voided at the table', at: new Date().toISOString() }
  await putSale(sale)
  announce('Sale voided')
  render()
  void sync()
}

function showAdjust() {
  const kind = $<HTMLSelectElement>('adjust-kind').value
  $('discount-field').hidden = kind !== 'discount'
  $('reason-field').hidden = kind === 'none'
  $('adjust-error').textContent = ''
  renderCart()
}

function listen() {
  // The lists are drawn again in place (their buttons stay), so a tap is handled by the list: by the
  // item, line or sale its element names.
  onClickOf($('products'), 'button[data-key]', (button) => {
    const item = state.catalog?.items.find((i) => itemKey(i) === button.dataset.key)
    if (item) addToCart(item)
  })
  onClickOf($('cart-lines'), 'button[data-by]', (button) => {
    const line = state.cart.find((l) => itemKey(l.item) === button.closest<HTMLElement>('li')?.dataset.key)
    if (line) changeQuantity(line, Number(button.dataset.by))
  })
  onClickOf($('sales'), 'button.void', (button) => {
    const sale = state.sales.find((s) => s.id === button.closest<HTMLElement>('li')?.dataset.key)
    if (sale) void voidSale(sale)
  })
  $('pay-cash').addEventListener('click', () => void ringUp('cash'))
  $('pay-card').addEventListener('click', () => void ringUp('card'))
  $('adjust-kind').addEventListener('change', showAdjust)
  $('discount-amount').addEventListener('input', () => renderCart())
  $('download').addEventListener('click', () => downloadCsv(state.sales))
  window.addEventListener('online', () => {
    state.online = true
    void sync(true)
  })
  window.addEventListener('offline', () => {
    state.online = false
    render()
  })
}

async function start() {
  listen()
  afterSync(render)
  state.sales = await salesOf(token)
  await loadFirst()
  render()
  // What sits below the products shows once they are there, so nothing on screen moves.
  $('after-load').hidden = false
  $('till').removeAttribute('aria-busy')
  document.documentElement.dataset.ready = 'true'
  void sync()
  window.setInterval(() => {
    if (state.sales.some((s) => s.state === 'waiting' || (s.voided && !s.voidSynced))) void sync()
    else if (state.catalogKept && navigator.onLine) void sync(true)
  }, 10_000)
  if ('serviceWorker' in navigator) {
    // Once the service worker takes this page over, the catalogue is read once more through it, so it keeps a copy.
    navigator.serviceWorker.addEventListener('controllerchange', () => void sync(true))
    navigator.serviceWorker.register('/till/sw.js', { scope: '/till/' }).catch(() => undefined)
  }
}

void start()
