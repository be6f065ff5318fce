import type { Payload } from 'payload'
import { afterAll } from 'vitest'

import { createTestDatabase } from './db'
import { tempDirUntilExit } from './tempDirs'

/** The database this process loaded Payload's config for (kept on globalThis). */
const loadedFor = Symbol.for('bandsite.tests.payloadConfigDatabase')

/**
 * A Payload Local API against an existing database, kept until the caller destroys it. The config
 * reads its environment when first imported, so the environment is set before the import: one
 * database per process. The HTTP test workers run many files one after another (`TEST_GROUP=http`)
 * and keep the Local API of their shared site; a file that needs one on a database of its own runs
 * in a process of its own (`ownLocalApi` in vitest.config.ts).
 */
export async function localApi(databaseUrl: string): Promise<Payload> {
  const global = globalThis as typeof globalThis & { [loadedFor]?: string }
  if (process.env.TEST_GROUP === 'http' && global[loadedFor] !== undefined && global[loadedFor] !== databaseUrl) {
    throw new Error('This worker has a Local API on another database: list the file in ownLocalApi (vitest.config.ts)')
  }
  global[loadedFor] = databaseUrl
  process.env.DATABASE_URL = databaseUrl
  process.env.PAYLOAD_SECRET ??= 'test-secret-test-secret-test-secret-0123'
  process.env.DATA_DIR ??= tempDirUntilExit('bandsite-int-')
  const { getPayload } = await import('payload')
  const { default: config } = await import('@/payload.config')
  return await getPayload({ config })
}

/** A Local API against an existing database (e.g. the one a test server uses), destroyed after the file's tests. */
export async function payloadFor(databaseUrl: string): Promise<Payload> {
  const payload = await localApi(databaseUrl)
  afterAll(() => payload.destroy())
  return payload
}

/** A Local API on a fresh, migrated database. */
export async function freshPayload({ seed = false }: { seed?: boolean } = {}): Promise<Payload> {
  const payload = await payloadFor(await createTestDatabase('int', { migrated: true }))
  const { migrations } = await import('@/migrations')
  await payload.db.migrate({ migrations: migrations as never })
  if (seed) {
    const { seedDemoContent } = await import('@/modules/content/server/seed')
    await seedDemoContent(payload)
  }
  return payload
}

/** The drizzle handle of a Local API, for raw SQL in tests. */
export type RawDb = { execute: (q: unknown) => Promise<{ rows: Record<string, unknown>[] }> }

/**
 * A Local API on a fresh database migrated up to just before the migration whose name contains
 * `migration`, for a test that stores rows as they were before it: `rest()` then applies it and
 * every later one.
 */
export async function payloadBeforeMigration(migration: string) {
  const payload = await payloadFor(await createTestDatabase('int'))
  const { migrations } = await import('@/migrations')
  const all = migrations as { name: string }[]
  const next = all.findIndex((m) => m.name.includes(migration))
  if (next < 0) throw new Error(`No migration named like ${migration}`)
  await payload.db.migrate({ migrations: all.slice(0, next) as never })
  const { sql } = await import('@payloadcms/db-postgres')
  const db = (payload.db as unknown as { drizzle: RawDb }).drizzle
  return { payload, db, sql, rest: () => payload.db.migrate({ migrations: all as never }) }
}
