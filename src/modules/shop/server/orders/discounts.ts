import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import {
  INVALID_DISCOUNT_CODE,
  normalizeDiscountCode,
  type DiscountKind,
  type DiscountRule,
} from '@/modules/shop/contract/discounts'
import { formatCents, toCents } from '@/lib/money'

import { DomainError, invalid } from '@/platform/errors'
import { query } from '@/platform/db/transaction'

import { usedByEmail } from './discountUse'

/** A code that does not exist, has not started or has ended: one answer for all, counted against the address. */
export class InvalidDiscountCodeError extends DomainError {
  constructor() {
    super('invalid', INVALID_DISCOUNT_CODE, { fields: { discountCode: INVALID_DISCOUNT_CODE } })
  }
}

type CodeRow = {
  id: string
  code: string
  kind: DiscountKind
  value: string | null
  min_subtotal: string | null
  max_uses: string | null
  uses: string
  once_per_email: boolean
  product_ids: unknown
  live: boolean
}

const refuse = (message: string) => invalid(message, { discountCode: message })

/**
 * The rule of a code this order may use, or a 400 saying why it may not: unknown, not started or
 * ended (one generic message), below its minimum subtotal, not for these products, used up, or
 * already used with this email address (checked only when the address is known).
 */
export async function findDiscount(
  payload: Payload,
  typed: string,
  order: { email?: string; subtotalCents: number; lines: { productId: string }[] },
): Promise<{ id: string; code: string; rule: DiscountRule }> {
  const [row] = await query<CodeRow>(
    payload,
    sql`SELECT id, code, kind, value, min_subtotal, max_uses, uses, once_per_email, product_ids,
        (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now()) AS live
      FROM discount_codes WHERE code = ${normalizeDiscountCode(typed)}`,
  )
  if (!row || !row.live) throw new InvalidDiscountCodeError()
  if (row.max_uses !== null && Number(row.uses) >= Number(row.max_uses)) throw refuse('This discount code has run out.')
  const minimum = row.min_subtotal === null ? 0 : toCents(String(row.min_subtotal))
  if (order.subtotalCents < minimum)
    throw refuse(`This discount code needs an order of at least $${formatCents(minimum)}.`)
  const productIds = Array.isArray(row.product_ids) ? (row.product_ids as string[]) : []
  if (productIds.length > 0 && !order.lines.some((l) => productIds.includes(l.productId)))
    throw refuse('This discount code does not apply to the items in your cart.')
  if (
    row.once_per_email &&
    order.email &&
    (await usedByEmail({ execute: (q) => query(payload, q) }, row.id, order.email))
  )
    throw refuse('This discount code was already used with this email address.')
  // An amount is whole cents, even if a fraction was stored through /cms.
  const value = row.kind === 'amount' ? Math.round(Number(row.value ?? 0)) : Number(row.value ?? 0)
  return { id: row.id, code: row.code, rule: { kind: row.kind, value, productIds } }
}
