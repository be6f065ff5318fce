import {
  putSale,
  salesOf,
  saveCatalog,
  savedCatalog,
  type Catalog,
  type CatalogItem,
  type LocalSale,
  type SaleBody,
} from './store'

/**
 * The merch-table till: a phone held in one hand. It rings up sales with or without a network:
 * each sale is kept on the phone first (IndexedDB) with an id made here, and sent to the band's
 * site whenever the network is there; the site records each id once. A link the band revoked or
 * that ended is refused with its message, and the sales not yet sent stay here, downloadable as CSV.
 * The number left of each item is the site's stock, read again after each sale the site records
 * and when the network returns, less what this phone sold that the site had not yet counted.
 */

const token = decodeURIComponent(location.pathname.split('/')[2] ?? '')
const api = (path: string) => `/api/till/${encodeURIComponent(token)}${path}`

type Line = { item: CatalogItem; quantity: number }
const state = {
  catalog: null as Catalog | null,
  cart: [] as Line[],
  sales: [] as LocalSale[],
  /** The site's refusal of this link (revoked, ended, unknown): shown. */
  linkMessage: null as string | null,
  /** The site refused a sale for the link itself: nothing more is sent with it. */
  sendingStopped: false,
  /** The catalogue on screen is a kept copy (the network did not answer): read again when it does. */
  catalogKept: false,
  /** The last sale rung up, confirmed on screen until the next one starts. */
  saved: null as string | null,
  online: navigator.onLine,
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T
const cents = (money: string) => Math.round(Number(money) * 100)
const money = (c: number) => `$${(c / 100).toFixed(2)}`
const plain = (c: number) => (c / 100).toFixed(2)
const itemKey = (i: { productId: string; productOptionId: string | null }) => i.productOptionId ?? i.productId
const titleOf = (i: CatalogItem) => (i.size ? `${i.name}: ${i.size}` : i.name)

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value as EventListener)
    else if (name === 'className') el.className = String(value)
    else el.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) if (child !== null && child !== false) el.append(child)
  return el
}

const unitsOf = (sale: LocalSale, key: string) =>
  sale.body.items.filter((i) => itemKey(i) === key).reduce((n, i) => n + i.quantity, 0)

/**
 * Units of an item this phone's sales take that the catalogue's stock does not show yet: a sale
 * takes its units unless voided or refused, and the catalogue already took those of the sales the
 * site had counted when it was read. A sale is never taken out twice.
 */
function notInCatalog(key: string): number {
  let units = 0
  for (const sale of state.sales) {
    const takes = sale.state !== 'refused' && !sale.voided
    if (takes !== Boolean(sale.counted)) units += (takes ? 1 : -1) * unitsOf(sale, key)
  }
  return units
}

function cartTotal(): number {
  return state.cart.reduce((sum, l) => sum + l.quantity * cents(l.item.price), 0)
}

function announce(text: string) {
  const live = $('announce')
  live.textContent = ''
  window.setTimeout(() => (live.textContent = text), 50)
}

function renderStatus() {
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

function renderCatalog() {
  const list = $('products')
  list.replaceChildren()
  if (!state.catalog) {
    list.append(h('p', {}, state.linkMessage ? '' : 'Connect once to load the products.'))
    return
  }
  $('show').textContent = `${state.catalog.show.title} · ${state.catalog.show.venue}`
  const groups = new Map<string, CatalogItem[]>()
  for (const item of state.catalog.items) groups.set(item.productId, [...(groups.get(item.productId) ?? []), item])
  for (const items of groups.values()) {
    const first = items[0]!
    list.append(
      h(
        'section',
        { className: 'product', 'aria-label': first.name },
        h('h3', {}, first.name),
        h(
          'div',
          { className: 'sizes' },
          ...items.map((item) => {
            const left =
              item.stock -
              notInCatalog(itemKey(item)) -
              (state.cart.find((l) => itemKey(l.item) === itemKey(item))?.quantity ?? 0)
            // The name read out is the visible text with what it adds: "Add Tour Tee: M, $25.00, 3 left".
            const hidden = (text: string) => h('span', { className: 'visually-hidden' }, text)
            return h(
              'button',
              { type: 'button', className: left <= 0 ? 'add out' : 'add', onclick: () => addToCart(item) },
              hidden(item.size ? `Add ${item.name}: ` : `Add ${item.name}`),
              item.size
                ? h('span', { className: 'size' }, item.size)
                : h('span', { className: 'size', 'aria-hidden': 'true' }, 'Add'),
              hidden(', '),
              h('span', { className: 'price' }, money(cents(item.price))),
              hidden(', '),
              h('span', { className: 'left' }, left <= 0 ? 'none left' : `${left} left`),
            )
          }),
        ),
      ),
    )
  }
}

function renderCart() {
  const lines = $('cart-lines')
  lines.replaceChildren(
    ...state.cart.map((line) =>
      h(
        'li',
        {},
        h('span', { className: 'line-title' }, titleOf(line.item)),
        h(
          'span',
          { className: 'qty' },
          h(
            'button',
            {
              type: 'button',
              'aria-label': `One fewer ${titleOf(line.item)}`,
              onclick: () => changeQuantity(line, -1),
            },
            '−',
          ),
          h('output', { 'aria-label': `Quantity of ${titleOf(line.item)}` }, String(line.quantity)),
          h(
            'button',
            { type: 'button', 'aria-label': `One more ${titleOf(line.item)}`, onclick: () => changeQuantity(line, 1) },
            '+',
          ),
        ),
        h('span', { className: 'line-total' }, money(line.quantity * cents(line.item.price))),
      ),
    ),
  )
  $('cart-empty').hidden = state.cart.length > 0
  const saved = $('sale-saved')
  saved.hidden = !state.saved
  saved.textContent = state.saved ?? ''
  $('total').textContent = money(Math.max(0, cartTotal() - discountCents()))
  for (const id of ['pay-cash', 'pay-card']) $<HTMLButtonElement>(id).disabled = state.cart.length === 0
}

function discountCents(): number {
  const kind = $<HTMLSelectElement>('adjust-kind').value
  if (kind === 'comp') return cartTotal()
  if (kind !== 'discount') return 0
  const typed = $<HTMLInputElement>('discount-amount').value.replace(/^\$/, '').replace(',', '.').trim()
  return /^\d{1,6}(\.\d{1,2})?$/.test(typed) ? cents(typed) : 0
}

function renderSales() {
  const list = $('sales')
  $('sales-empty').hidden = state.sales.length > 0
  list.replaceChildren(
    ...state.sales.map((sale) => {
      const time = new Date(sale.body.at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })
      const label = sale.voided
        ? 'Voided'
        : sale.state === 'waiting'
          ? 'Waiting to sync'
          : sale.state === 'refused'
            ? `Not recorded: ${sale.message ?? ''}`
            : sale.flagged
              ? 'Sent · beyond stock, flagged for the band'
              : 'Sent'
      return h(
        'li',
        { className: sale.voided ? 'sale voided' : 'sale', 'data-sale': sale.id },
        h(
          'div',
          { className: 'sale-head' },
          h('span', {}, `${time} · ${sale.body.comp ? 'Comp' : sale.body.payment === 'cash' ? 'Cash' : 'Card'}`),
          h('strong', {}, money(cents(sale.total))),
        ),
        h('div', { className: 'sale-items' }, sale.titles.join(', ')),
        h('div', { className: 'sale-state' }, label),
        !sale.voided && sale.state !== 'refused'
          ? h('button', { type: 'button', className: 'void', onclick: () => voidSale(sale) }, 'Void sale')
          : null,
      )
    }),
  )
}

function render() {
  renderStatus()
  renderCatalog()
  renderCart()
  renderSales()
  // The sale stays at the top while the products scroll under it: what the keyboard reaches is scrolled below it.
  document.documentElement.style.scrollPaddingTop = `${$('cart').offsetHeight + 8}px`
}

function addToCart(item: CatalogItem) {
  const line = state.cart.find((l) => itemKey(l.item) === itemKey(item))
  if (line) line.quantity += 1
  else state.cart.push({ item, quantity: 1 })
  state.saved = null
  announce(`${titleOf(item)} added. Total ${money(cartTotal())}`)
  render()
}

function changeQuantity(line: Line, by: number) {
  line.quantity += by
  if (line.quantity <= 0) state.cart = state.cart.filter((l) => l !== line)
  render()
}

async function ringUp(payment: 'cash' | 'card') {
  if (state.cart.length === 0) return
  const kind = $<HTMLSelectElement>('adjust-kind').value
  const reason = $<HTMLInputElement>('adjust-reason').value.trim()
  const error = $('adjust-error')
  error.textContent = ''
  if (kind !== 'none' && !reason) {
    error.textContent = kind === 'comp' ? 'Say who the comp is for.' : 'Say why the discount is given.'
    $<HTMLInputElement>('adjust-reason').focus()
    return
  }
  const discount = discountCents()
  if (kind === 'discount' && (discount <= 0 || discount > cartTotal())) {
    error.textContent = 'Enter a discount no bigger than the sale, like 5.00.'
    $<HTMLInputElement>('discount-amount').focus()
    return
  }
  const body: SaleBody = {
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    items: state.cart.map((l) => ({
      productId: l.item.productId,
      productOptionId: l.item.productOptionId,
      quantity: l.quantity,
      unitPrice: l.item.price,
    })),
    payment,
    ...(kind === 'discount' ? { discount: { amount: plain(discount), reason } } : {}),
    ...(kind === 'comp' ? { comp: { reason } } : {}),
  }
  const sale: LocalSale = {
    id: body.id,
    token,
    body,
    titles: state.cart.map((l) => `${l.quantity} × ${titleOf(l.item)}`),
    total: plain(kind === 'comp' ? 0 : cartTotal() - discount),
    state: 'waiting',
  }
  await putSale(sale)
  state.sales.unshift(sale)
  state.cart = []
  $<HTMLSelectElement>('adjust-kind').value = 'none'
  $<HTMLInputElement>('adjust-reason').value = ''
  $<HTMLInputElement>('discount-amount').value = ''
  showAdjust()
  state.saved = `Sale saved: ${money(cents(sale.total))} ${kind === 'comp' ? 'comp' : payment}`
  announce(state.saved)
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

/** What the site answered, as a message for the seller. */
async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string; errors?: Record<string, string> }
    const fields = body.errors ? Object.values(body.errors).join(' ') : ''
    return [body.message, fields].filter(Boolean).join(' ')
  } catch {
    return `The site answered ${res.status}.`
  }
}

/** A refusal of the link itself: nothing more is sent with it. */
async function linkRefused(res: Response): Promise<boolean> {
  if (res.status !== 410 && res.status !== 404) return false
  state.linkMessage = await messageOf(res)
  return true
}

/**
 * Sending sales and reading the catalogue take turns: a catalogue read while a sale is on its way
 * may or may not count it. Calls made while a turn waits join it.
 */
let turn: Promise<void> = Promise.resolve()
const next = { queued: false, reload: false }

/** Sends what is waiting; then, once the site recorded something (or `reload` asks), reads the catalogue again. */
function sync(reload = false): Promise<void> {
  next.reload ||= reload
  if (next.queued) return turn
  next.queued = true
  turn = turn.then(async () => {
    next.queued = false
    const wanted = next.reload
    next.reload = false
    await sendWaiting(wanted)
  })
  return turn
}

/** Sends what is waiting, oldest first; stops at the first network failure. Each sale id is recorded once. */
async function sendWaiting(reload: boolean) {
  let recorded = false
  let reached = true
  try {
    for (const sale of state.sendingStopped ? [] : [...state.sales].reverse()) {
      if (sale.state === 'waiting') {
        const res = await fetch(api('/sales'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(sale.body),
        })
        state.online = true
        if (await linkRefused(res)) {
          state.sendingStopped = true
          break
        }
        if (res.status === 200 || res.status === 201) {
          const record = (await res.json()) as { flagged?: boolean }
          sale.state = 'synced'
          sale.flagged = Boolean(record.flagged)
          recorded = true
        } else if (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408) {
          sale.state = 'refused'
          sale.message = await messageOf(res)
        } else break
        await putSale(sale)
      }
      if (sale.state === 'synced' && sale.voided && !sale.voidSynced) {
        const res = await fetch(api(`/sales/${sale.id}/void`), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ reason: sale.voided.reason }),
        })
        state.online = true
        if (await linkRefused(res)) {
          state.sendingStopped = true
          break
        }
        if (!res.ok) break
        sale.voidSynced = true
        recorded = true
        await putSale(sale)
      }
    }
  } catch {
    state.online = false
    reached = false
  }
  if (reached && !state.sendingStopped && (recorded || reload)) await loadCatalog()
  render()
}

async function loadCatalog() {
  try {
    const res = await fetch(api('/catalog'), { cache: 'no-store' })
    if (res.ok) {
      const catalog = (await res.json()) as Catalog
      // A copy the service worker kept because the network did not answer: still offline, and no
      // newer than the catalogue on screen.
      const kept = res.headers.has('x-till-kept')
      state.online = !kept && navigator.onLine
      state.catalogKept = kept
      if (kept) {
        state.catalog ??= catalog
        return
      }
      state.catalog = catalog
      // The sale being rung up keeps its lines, now pointing at the fresh items.
      for (const line of state.cart)
        line.item = catalog.items.find((i) => itemKey(i) === itemKey(line.item)) ?? line.item
      await saveCatalog(token, catalog)
      // No sale is on its way (sending takes turns with this): the site counted exactly the recorded ones.
      for (const sale of state.sales) {
        const counted = sale.state === 'synced' && !sale.voidSynced
        if (Boolean(sale.counted) === counted) continue
        sale.counted = counted
        await putSale(sale)
      }
    } else if (await linkRefused(res)) {
      state.catalogKept = false
      state.catalog ??= await savedCatalog(token)
    }
  } catch {
    state.online = false
    state.catalogKept = true
    state.catalog ??= await savedCatalog(token)
  }
}

function downloadCsv() {
  const cell = (v: unknown) => {
    const text = String(v ?? '')
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
  }
  const rows = [['Sale id', 'Time', 'State', 'Payment', 'Items', 'Total', 'Discount', 'Reason', 'Voided']]
  for (const s of state.sales) {
    rows.push([
      s.id,
      s.body.at,
      s.state === 'refused' ? `refused: ${s.message ?? ''}` : s.state,
      s.body.comp ? 'comp' : s.body.payment,
      s.titles.join('; '),
      s.total,
      s.body.discount?.amount ?? '',
      s.body.discount?.reason ?? s.body.comp?.reason ?? '',
      s.voided ? 'yes' : '',
    ])
  }
  const blob = new Blob(['\uFEFF' + rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'], {
    type: 'text/csv;charset=utf-8',
  })
  const link = h('a', {
    href: URL.createObjectURL(blob),
    download: `till-sales-${new Date().toISOString().slice(0, 10)}.csv`,
  })
  document.body.append(link)
  link.click()
  link.remove()
}

function showAdjust() {
  const kind = $<HTMLSelectElement>('adjust-kind').value
  $('discount-field').hidden = kind !== 'discount'
  $('reason-field').hidden = kind === 'none'
  $('adjust-error').textContent = ''
  renderCart()
}

async function start() {
  $('pay-cash').addEventListener('click', () => void ringUp('cash'))
  $('pay-card').addEventListener('click', () => void ringUp('card'))
  $('adjust-kind').addEventListener('change', showAdjust)
  $('discount-amount').addEventListener('input', () => renderCart())
  $('download').addEventListener('click', downloadCsv)
  window.addEventListener('online', () => {
    state.online = true
    void sync(true)
  })
  window.addEventListener('offline', () => {
    state.online = false
    render()
  })
  state.sales = await salesOf(token)
  turn = turn.then(loadCatalog)
  await turn
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
