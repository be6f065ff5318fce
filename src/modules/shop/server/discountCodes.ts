import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { DiscountCodeItem } from '@/modules/shop/contract/types'
import { formatCents, toCents } from '@/lib/money'
import { storedDiscountValue } from '@/modules/shop/contract/discountCode'
import { serializeDiscountCode } from '@/modules/shop/contract/serializers'
import type { DiscountCode, User } from '@/payload-types'

import { conflict, notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

/** The revenue (sum of totals) of the paid, shipped and completed orders of each code, in cents. */
async function revenueByCode(ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await query<{ id: string; cents: string }>(
    await payloadClient(),
    sql`SELECT discount_code_id AS id, (sum(total_amount) * 100)::bigint AS cents FROM orders
      WHERE discount_code_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND status IN ('paid', 'shipped', 'completed')
      GROUP BY discount_code_id`,
  )
  return new Map(rows.map((r) => [r.id, Number(r.cents)]))
}

const withRevenue = (doc: DiscountCode, revenue: Map<string, number>): DiscountCodeItem => ({
  ...serializeDiscountCode(doc),
  revenue: formatCents(revenue.get(doc.id) ?? 0),
})

/** Every code, by code, with its uses and revenue. */
export async function listDiscountCodes(user: User): Promise<DiscountCodeItem[]> {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'discount-codes',
    sort: 'code',
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user,
  })
  const revenue = await revenueByCode(docs.map((d) => d.id))
  return docs.map((d) => withRevenue(d, revenue))
}

/** One code with its uses and revenue, or 404. */
export async function getDiscountCode(user: User, id: string): Promise<DiscountCodeItem> {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'discount-codes',
    where: { id: { equals: id } },
    limit: 1,
    depth: 0,
    overrideAccess: false,
    user,
  })
  if (!docs[0]) throw notFound('Discount code not found')
  return withRevenue(docs[0], await revenueByCode([id]))
}

/** Validated input → the collection's fields: the value as a percent or cents, the minimum as a number. */
export function discountCodeData(input: Record<string, unknown>): Record<string, unknown> {
  const data = { ...input }
  if ('kind' in data) data.value = storedDiscountValue(data.kind as string, data.value)
  else delete data.value
  if (typeof data.minSubtotal === 'string') data.minSubtotal = toCents(data.minSubtotal) / 100
  return data
}

/** Refuses (409) a code that another code already uses, whatever the case, with a field message. */
export async function assertCodeFree(code: unknown, exceptId?: string): Promise<void> {
  if (typeof code !== 'string') return
  const rows = await query(
    await payloadClient(),
    sql`SELECT 1 FROM discount_codes WHERE code = ${code.trim().toUpperCase()} ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  )
  if (rows.length > 0) throw conflict('This code already exists.', { code: 'This code already exists.' })
}

/** Creates a code (validated input); a code already taken is a 409. */
export async function createDiscountCode(user: User, input: Record<string, unknown>): Promise<DiscountCodeItem> {
  await assertCodeFree(input.code)
  const payload = await payloadClient()
  const doc = await payload.create({
    collection: 'discount-codes',
    data: discountCodeData(input) as never,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return withRevenue(doc, new Map())
}

/** Changes a code; an update loaded before the code's last change is refused (409). */
export async function updateDiscountCode(
  user: User,
  id: string,
  input: Record<string, unknown>,
  loaded: string | null | undefined,
): Promise<DiscountCodeItem> {
  const current = await getDiscountCode(user, id)
  if (loaded && Date.parse(loaded) !== Date.parse(current.updatedAt))
    throw conflict('This discount code was changed by someone else. Reload it and try again.')
  await assertCodeFree(input.code, id)
  const payload = await payloadClient()
  await payload.update({
    collection: 'discount-codes',
    id,
    data: discountCodeData(input) as never,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return getDiscountCode(user, id)
}

/** Deletes a code; orders keep the code's text and their discount. */
export async function deleteDiscountCode(user: User, id: string): Promise<{ id: string; deleted: true }> {
  await getDiscountCode(user, id)
  const payload = await payloadClient()
  await payload.delete({ collection: 'discount-codes', id, depth: 0, overrideAccess: false, user })
  return { id, deleted: true }
}
