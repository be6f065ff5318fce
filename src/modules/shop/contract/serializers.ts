import type { DiscountCode } from '@/payload-types'
import { formatCents, toMoneyString } from '@/lib/money'

/** Plain JSON shapes of the specification (money as "0.00" strings, relations as ids). */

/** A discount code: a percent as a number, an amount as "5.00", free shipping with value null. */
export const serializeDiscountCode = (d: DiscountCode) => ({
  id: d.id,
  code: d.code,
  kind: d.kind,
  value:
    d.kind === 'percent'
      ? Number(d.value ?? 0)
      : d.kind === 'amount'
        ? formatCents(Math.round(Number(d.value ?? 0)))
        : null,
  minSubtotal: d.minSubtotal === null || d.minSubtotal === undefined ? null : toMoneyString(d.minSubtotal),
  startsAt: d.startsAt ?? null,
  endsAt: d.endsAt ?? null,
  maxUses: d.maxUses ?? null,
  oncePerEmail: Boolean(d.oncePerEmail),
  productIds: Array.isArray(d.productIds) ? (d.productIds as string[]) : [],
  uses: Number(d.uses ?? 0),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
})
