import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { splitEmailList } from '@/lib/validators'
import { query } from '@/platform/db/transaction'

/** The theme's notification addresses (comma-separated), never shown to the public. */
export async function notificationAddresses(payload: Payload, req?: PayloadRequest): Promise<string[]> {
  return (await siteSenders(payload, req)).notify
}

/** The band's name and the theme's notification addresses, in one read. */
export async function siteSenders(
  payload: Payload,
  req?: PayloadRequest,
): Promise<{ bandName: string; notify: string[] }> {
  const [row] = await query<{ name: string | null; notification_email: string | null }>(
    payload,
    sql`SELECT (SELECT name FROM band_profile LIMIT 1) AS name,
      (SELECT notification_email FROM theme_settings LIMIT 1) AS notification_email`,
    req,
  )
  return {
    bandName: row?.name?.trim() || 'Band Name',
    notify: [...new Set(splitEmailList(row?.notification_email).map((e) => e.toLowerCase()))],
  }
}
