import { sql } from '@payloadcms/db-postgres'

import { HttpError } from './http'
import { payloadClient } from './payload'

/**
 * Counts a hit for `key` in a fixed window kept in PostgreSQL, so the limit holds across
 * instances; throws 429 once `limit` is passed.
 */
export async function rateLimit(key: string, limit: number, windowSeconds: number): Promise<void> {
  const payload = await payloadClient()
  const result = await payload.db.drizzle.execute(sql`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING hits, extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now()))::int AS retry_after`)
  const row = result.rows[0] as { hits: number; retry_after: number }
  if (row.hits > limit) {
    throw new HttpError(429, 'Too many requests. Please wait a few minutes and try again.', undefined, {
      'Retry-After': String(Math.max(1, row.retry_after)),
    })
  }
}

/**
 * The client's address: the last X-Forwarded-For entry, which the closest proxy (or Next.js
 * itself) appended and a client cannot forge.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')
  const last = forwarded?.split(',').pop()?.trim()
  return last || request.headers.get('x-real-ip') || 'unknown'
}
