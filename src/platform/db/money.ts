import 'server-only'

import { formatCents, toCents } from '@/lib/money'

/**
 * Validated money strings ("19.99") become numbers for Payload's numeric columns. The value is
 * rebuilt from integer cents, so it is the exact two-decimal amount.
 */
export function moneyToNumbers(...fields: string[]) {
  return (input: Record<string, unknown>) => {
    const data = { ...input }
    for (const field of fields) {
      if (typeof data[field] === 'string') data[field] = Number(formatCents(toCents(data[field] as string)))
    }
    return data
  }
}
