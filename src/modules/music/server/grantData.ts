import { sql } from '@payloadcms/db-postgres'

import type { PersonalDataSource } from '@/platform/db/personalData'
import { ERASED_EMAIL } from '@/modules/shop'

type GrantRow = {
  id: string
  release_id: string
  title: string
  order_id: string | null
  code_id: string | null
  available_on: string | null
  created_at: string
  revoked_at: string | null
}
type LinkRow = { id: string; created_at: string; expires_at: string }

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null)

/**
 * The releases given to the address (by order or code, revoked or not) and the download links
 * mailed to it (when made and until when; the tokens themselves are never kept). Erasing deletes
 * the links and leaves the grants, which the orders' books refer to, with the erased address.
 */
export const downloadGrantData: PersonalDataSource = {
  key: 'downloadGrants',
  find: async (tx, email) => {
    const grants = await tx.execute<GrantRow>(
      sql`SELECT g.id, g.release_id, r.title, g.order_id, g.code_id, g.available_on::text, g.created_at, g.revoked_at
          FROM download_grants g JOIN releases r ON r.id = g.release_id
          WHERE g.email = ${email} ORDER BY g.created_at`,
    )
    const links = await tx.execute<LinkRow>(
      sql`SELECT id, created_at, expires_at FROM download_links WHERE email = ${email} ORDER BY created_at`,
    )
    return [
      ...grants.map((g) => ({
        kind: 'grant',
        id: String(g.id),
        releaseId: String(g.release_id),
        release: g.title,
        orderId: g.order_id ? String(g.order_id) : null,
        codeId: g.code_id,
        availableOn: g.available_on,
        createdAt: iso(g.created_at),
        revokedAt: iso(g.revoked_at),
      })),
      ...links.map((l) => ({
        kind: 'link',
        id: String(l.id),
        createdAt: iso(l.created_at),
        expiresAt: iso(l.expires_at),
      })),
    ]
  },
  erase: async (tx, email) => {
    const links = await tx.execute(sql`DELETE FROM download_links WHERE email = ${email} RETURNING id`)
    const grants = await tx.execute(
      sql`UPDATE download_grants SET email = ${ERASED_EMAIL} WHERE email = ${email} RETURNING id`,
    )
    return links.length + grants.length
  },
}
