import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { conflict, invalid, notFound } from '@/platform/errors'
import type { Tx } from './transaction'

export const STALE_SAVE =
  'This item was changed by someone else since you opened it. It has been reloaded: check it and save again.'

/**
 * The version a save was loaded at: the body's `updatedAt` (exact), else an If-Unmodified-Since
 * header (whole seconds); undefined when the client sent neither, null for a settings record
 * that was never saved.
 */
export type LoadedVersion = { ms: number; wholeSeconds: boolean } | null | undefined

export function loadedVersionOf(request: Request, bodyVersion: string | null | undefined): LoadedVersion {
  if (bodyVersion === null) return null
  if (bodyVersion !== undefined) return { ms: Date.parse(bodyVersion), wholeSeconds: false }
  const header = request.headers.get('if-unmodified-since')
  if (!header) return undefined
  const ms = Date.parse(header)
  if (Number.isNaN(ms)) throw invalid('If-Unmodified-Since must be an HTTP date.')
  return { ms, wholeSeconds: true }
}

/**
 * Locks the record's row until the transaction ends and refuses (409) a save whose loaded version
 * is not the record's current one. `id` null means the table's single row (a global).
 */
export async function lockUnchanged(
  tx: Tx,
  table: string,
  id: string | null,
  loaded: LoadedVersion,
  missing = 'Not found',
): Promise<void> {
  const rows = await tx.execute<{ ms: string | number | null }>(
    id === null
      ? sql`SELECT round(extract(epoch FROM updated_at) * 1000) AS ms FROM ${sql.identifier(table)} LIMIT 1 FOR UPDATE`
      : sql`SELECT round(extract(epoch FROM updated_at) * 1000) AS ms FROM ${sql.identifier(table)} WHERE id = ${id} FOR UPDATE`,
  )
  if (id !== null && rows.length === 0) throw notFound(missing)
  if (loaded === undefined) return
  const current = rows[0]?.ms == null ? null : Number(rows[0].ms)
  const same =
    loaded === null || current === null
      ? loaded === current
      : loaded.wholeSeconds
        ? Math.floor(current / 1000) <= Math.floor(loaded.ms / 1000)
        : current === loaded.ms
  if (!same) throw conflict(STALE_SAVE)
}
