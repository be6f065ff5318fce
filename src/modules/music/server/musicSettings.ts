import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { MusicSettings } from '@/modules/music/contract/downloads'
import { query } from '@/platform/db/transaction'

/** The defaults the settings' row starts with (see the download_grants migration). */
export const DEFAULT_MUSIC_SETTINGS: MusicSettings = { linkValidDays: 30, downloadsPerRelease: 10 }

/** The music settings (one row, made by its migration). */
export async function readMusicSettings(payload: Payload, req?: PayloadRequest): Promise<MusicSettings> {
  const [row] = await query<{ link_valid_days: number; downloads_per_release: number }>(
    payload,
    sql`SELECT link_valid_days, downloads_per_release FROM music_settings WHERE id = 1`,
    req,
  )
  return row
    ? { linkValidDays: row.link_valid_days, downloadsPerRelease: row.downloads_per_release }
    : DEFAULT_MUSIC_SETTINGS
}

export async function saveMusicSettings(payload: Payload, settings: MusicSettings): Promise<MusicSettings> {
  await query(
    payload,
    sql`INSERT INTO music_settings (id, link_valid_days, downloads_per_release, updated_at)
        VALUES (1, ${settings.linkValidDays}, ${settings.downloadsPerRelease}, now())
        ON CONFLICT (id) DO UPDATE SET link_valid_days = EXCLUDED.link_valid_days,
          downloads_per_release = EXCLUDED.downloads_per_release, updated_at = now()`,
  )
  return readMusicSettings(payload)
}
