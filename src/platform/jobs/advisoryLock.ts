import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'

/** Advisory lock keys: one per kind of work that must run on one instance at a time. */
export const JOB_RUNNER_LOCK = 0x62616e64_01
export const PREPARE_LOCK = 0x62616e64_02
export const TRACKS_LOCK = 0x62616e64_03

export const poolOf = (payload: Payload): Pool => (payload.db as unknown as { pool: Pool }).pool

/**
 * Runs `fn` while holding a session-level PostgreSQL advisory lock on its own connection, or does
 * nothing when another process holds it (`wait: false`), or waits for it (`wait: true`). The lock
 * ends with the connection, so a process that dies releases it.
 */
export async function withAdvisoryLock<T>(
  payload: Payload,
  key: number,
  fn: (client: PoolClient) => Promise<T>,
  { wait = false }: { wait?: boolean } = {},
): Promise<T | undefined> {
  const client = await poolOf(payload).connect()
  let broken = false
  // A connection the database drops while held here is reported, not thrown at the process.
  const onError = () => {
    broken = true
  }
  client.on('error', onError)
  try {
    if (wait) {
      await client.query('SELECT pg_advisory_lock($1)', [key])
    } else {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key])
      if (!rows[0]?.locked) return undefined
    }
    try {
      return await fn(client)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {
        broken = true
      })
    }
  } catch (error) {
    broken = true
    throw error
  } finally {
    client.off('error', onError)
    client.release(broken)
  }
}
