import { ANONYMISED_ORDER, ERASED_EMAIL } from '@/modules/shop'
import type { QueryClient } from '@/platform/jobs/registry'

/**
 * Orders delivered (completed) or refunded more than the setting's months ago forget their buyer,
 * as an erasure does: run hourly by the job runner, which holds its lock, so one instance at a
 * time. An order already anonymised is left alone. Answers how many orders it anonymised.
 */
export async function forgetOldBuyers(client: QueryClient): Promise<number> {
  const result = await client.query(
    `UPDATE orders SET ${ANONYMISED_ORDER}
      WHERE status IN ('completed', 'refunded') AND customer_email <> $1
        AND updated_at < now() - make_interval(months => (SELECT retention_months FROM privacy_settings WHERE id = 1))`,
    [ERASED_EMAIL],
  )
  const count = result.rowCount ?? 0
  if (count > 0) console.info(`Privacy retention: forgot the buyers of ${count} order(s)`)
  return count
}
