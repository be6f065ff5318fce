import { MONEY } from '@/lib/money'

import type { CartItem, SelectedOption } from './schema'

/**
 * The saved cart's check in the browser: the same rules as `storedCartSchema`
 * (./schema.ts), written out by hand because zod would add
 * tens of kilobytes to every public page. tests/unit/shop/cartStorage.test.ts keeps the two in step.
 */
const MAX_LINES = 200

type Result = { ok: true; items: CartItem[] } | { ok: false; reason: string }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0

function option(value: unknown): SelectedOption | null | undefined | false {
  if (value === null || value === undefined) return value
  if (!isObject(value)) return false
  const { id, name, value: optionValue, priceAdjustment } = value
  if (!isNonEmptyString(id) || typeof name !== 'string' || typeof optionValue !== 'string') return false
  if (typeof priceAdjustment !== 'string' || !MONEY.test(priceAdjustment)) return false
  return { id, name, value: optionValue, priceAdjustment }
}

function line(value: unknown): CartItem | false {
  if (!isObject(value)) return false
  const { id, productId, releaseId, name, price, quantity, imageUrl, selectedOption } = value
  if (!isNonEmptyString(id) || !isNonEmptyString(productId) || typeof name !== 'string') return false
  if (releaseId !== undefined && !isNonEmptyString(releaseId)) return false
  if (typeof price !== 'string' || !MONEY.test(price)) return false
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 999) return false
  if (imageUrl !== undefined && imageUrl !== null && typeof imageUrl !== 'string') return false
  const parsedOption = option(selectedOption)
  if (parsedOption === false) return false
  const item: CartItem = { id, productId, name, price, quantity }
  if (releaseId !== undefined) item.releaseId = releaseId
  if (imageUrl !== undefined) item.imageUrl = imageUrl as string | null
  if (parsedOption !== undefined) item.selectedOption = parsedOption
  return item
}

/** Checks what localStorage held under the cart key ({state: {items}, version}). */
export function parseStoredCart(value: unknown): Result {
  if (!isObject(value) || !isObject(value.state)) return { ok: false, reason: 'not a saved cart' }
  if (value.version !== undefined && typeof value.version !== 'number') return { ok: false, reason: 'bad version' }
  const items = value.state.items
  if (!Array.isArray(items) || items.length > MAX_LINES)
    return { ok: false, reason: 'items is not a list of at most 200 lines' }
  const parsed: CartItem[] = []
  for (const [index, item] of items.entries()) {
    const ok = line(item)
    if (!ok) return { ok: false, reason: `line ${index} is not a valid cart line` }
    parsed.push(ok)
  }
  return { ok: true, items: parsed }
}
