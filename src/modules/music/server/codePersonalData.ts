import { sql } from '@payloadcms/db-postgres'

import type { PersonalDataSource } from '@/platform/db/personalData'

/**
 * The download codes an address redeemed: which release and when. Erasing forgets the address;
 * the code stays used, so it cannot be redeemed again.
 */
export const redeemedCodeData: PersonalDataSource = {
  key: 'redeemedCodes',
  find: (tx, email) =>
    tx.execute(sql`
      SELECT r.title AS release, c.used_at AS "redeemedAt"
      FROM download_codes c JOIN download_code_batches b ON b.id = c.batch_id JOIN releases r ON r.id = b.release_id
      WHERE lower(c.used_by_email) = ${email} ORDER BY c.used_at`),
  erase: async (tx, email) =>
    (
      await tx.execute(
        sql`UPDATE download_codes SET used_by_email = NULL WHERE lower(used_by_email) = ${email} RETURNING id`,
      )
    ).length,
}
