import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { PrivacySettings } from '@/modules/privacy/contract'
import { query } from '@/platform/db/transaction'

/** The privacy settings (one row, made by its migration). */
export async function readPrivacySettings(payload: Payload): Promise<PrivacySettings> {
  const [row] = await query<{ retention_months: number; notice_markdown: string }>(
    payload,
    sql`SELECT retention_months, notice_markdown FROM privacy_settings WHERE id = 1`,
  )
  return { retentionMonths: row?.retention_months ?? 24, noticeMarkdown: row?.notice_markdown ?? '' }
}

export async function savePrivacySettings(payload: Payload, settings: PrivacySettings): Promise<PrivacySettings> {
  await query(
    payload,
    sql`INSERT INTO privacy_settings (id, retention_months, notice_markdown, updated_at)
        VALUES (1, ${settings.retentionMonths}, ${settings.noticeMarkdown}, now())
        ON CONFLICT (id) DO UPDATE SET retention_months = EXCLUDED.retention_months,
          notice_markdown = EXCLUDED.notice_markdown, updated_at = now()`,
  )
  return readPrivacySettings(payload)
}
