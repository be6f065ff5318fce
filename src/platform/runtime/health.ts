import 'server-only'

import { migrations } from '@/migrations'

import { payloadClient } from '@/platform/db/payload'
import { isStopping } from './processState'

export type Health = { status: 'ok' } | { status: 'unavailable'; failed: 'stopping' | 'database' | 'migrations' }

const COMMITTED = migrations.map((m) => m.name)
const TIMEOUT_MS = 3000

/**
 * Ready when the server is not stopping and the database answers within 3 s and has applied
 * every committed migration, found with one query. The answer names the failed check and nothing else.
 */
export async function checkHealth(): Promise<Health> {
  // A server that received SIGTERM finishes its work but takes no new traffic.
  if (isStopping()) return { status: 'unavailable', failed: 'stopping' }
  let applied: number
  try {
    const payload = await payloadClient()
    const pool = (
      payload.db as unknown as {
        pool: { query: (text: string, values: unknown[]) => Promise<{ rows: { applied: string }[] }> }
      }
    ).pool
    const query = pool.query('SELECT count(DISTINCT name) AS applied FROM payload_migrations WHERE name = ANY($1)', [
      COMMITTED,
    ])
    query.catch(() => {})
    const result = await Promise.race([
      query,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref()),
    ])
    applied = Number(result.rows[0]?.applied ?? 0)
  } catch (error) {
    // A missing migrations table means no migration ran; any other failure is the database's.
    if ((error as { code?: string }).code === '42P01') return { status: 'unavailable', failed: 'migrations' }
    return { status: 'unavailable', failed: 'database' }
  }
  return applied === COMMITTED.length ? { status: 'ok' } : { status: 'unavailable', failed: 'migrations' }
}
