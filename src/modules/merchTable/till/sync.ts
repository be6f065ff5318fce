import { api, itemKey, state, token } from './state'
import { putSale, saveCatalog, savedCatalog, type Catalog, type LocalSale } from './store'

/**
 * Sending sales to the band's site and reading its catalogue. Sending and reading take turns: a
 * catalogue read while a sale is on its way may or may not count it. Calls made while a turn waits
 * join it. After each turn the screen is drawn again (`afterSync`).
 */
let turn: Promise<void> = Promise.resolve()
const next = { queued: false, reload: false }
let redraw = () => {}

/** What draws the screen again once a turn of sending has ended. */
export function afterSync(render: () => void) {
  redraw = render
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

/** Sends what is waiting; then, once the site recorded something (or `reload` asks), reads the catalogue again. */
export function sync(reload = false): Promise<void> {
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

/** Reads the catalogue for the first time, in its turn. */
export function loadFirst(): Promise<void> {
  turn = turn.then(loadCatalog)
  return turn
}

/** Posts to the site; null when it refused the link itself, and nothing more is sent with it. */
async function post(path: string, body: unknown): Promise<Response | null> {
  const res = await fetch(api(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  state.online = true
  if (await linkRefused(res)) {
    state.sendingStopped = true
    return null
  }
  return res
}

/** Sends a waiting sale: recorded, refused for itself (kept with the site's message), or 'stop' sending for now. */
async function sendSale(sale: LocalSale): Promise<'recorded' | 'refused' | 'stop'> {
  const res = await post('/sales', sale.body)
  if (!res) return 'stop'
  let sent: 'recorded' | 'refused'
  if (res.status === 200 || res.status === 201) {
    const record = (await res.json()) as { flagged?: boolean }
    sale.state = 'synced'
    sale.flagged = Boolean(record.flagged)
    sent = 'recorded'
  } else if (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408) {
    sale.state = 'refused'
    sale.message = await messageOf(res)
    sent = 'refused'
  } else return 'stop'
  await putSale(sale)
  return sent
}

/** Sends the void of a recorded sale; false to stop sending for now. */
async function sendVoid(sale: LocalSale, reason: string | null): Promise<boolean> {
  const res = await post(`/sales/${sale.id}/void`, { reason })
  if (!res || !res.ok) return false
  sale.voidSynced = true
  await putSale(sale)
  return true
}

/** Sends what is waiting, oldest first; stops at the first network failure. Each sale id is recorded once. */
async function sendWaiting(reload: boolean) {
  let recorded = false
  let reached = true
  try {
    for (const sale of state.sendingStopped ? [] : [...state.sales].reverse()) {
      if (sale.state === 'waiting') {
        const sent = await sendSale(sale)
        if (sent === 'stop') break
        if (sent === 'recorded') recorded = true
      }
      if (sale.state === 'synced' && sale.voided && !sale.voidSynced) {
        if (!(await sendVoid(sale, sale.voided.reason))) break
        recorded = true
      }
    }
  } catch {
    state.online = false
    reached = false
  }
  if (reached && !state.sendingStopped && (recorded || reload)) await loadCatalog()
  redraw()
}

/** Takes a fresh catalogue from the site: the sale being rung up and the sales' `counted` follow it. */
async function takeCatalog(catalog: Catalog) {
  state.catalog = catalog
  // The sale being rung up keeps its lines, now pointing at the fresh items.
  for (const line of state.cart) line.item = catalog.items.find((i) => itemKey(i) === itemKey(line.item)) ?? line.item
  await saveCatalog(token, catalog)
  // No sale is on its way (sending takes turns with this): the site counted exactly the recorded ones.
  for (const sale of state.sales) {
    const counted = sale.state === 'synced' && !sale.voidSynced
    if (Boolean(sale.counted) === counted) continue
    sale.counted = counted
    await putSale(sale)
  }
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
      await takeCatalog(catalog)
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
