import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll } from 'vitest'

import { createTestDatabase } from './db'

/**
 * A Local API on a fresh, migrated database. The config reads its environment when first
 * imported, so the environment is set before the import (each test file runs in its own process).
 */
export async function freshPayload({ seed = false }: { seed?: boolean } = {}): Promise<Payload> {
  process.env.DATABASE_URL = await createTestDatabase('int', { migrated: true })
  process.env.PAYLOAD_SECRET ??= 'test-secret-test-secret-test-secret-0123'
  process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-int-'))
  const { getPayload } = await import('payload')
  const { default: config } = await import('@/payload.config')
  const { migrations } = await import('@/migrations')
  const payload = await getPayload({ config })
  afterAll(() => payload.destroy())
  await payload.db.migrate({ migrations: migrations as never })
  if (seed) {
    const { seedDemoContent } = await import('@/modules/content/server/seed')
    await seedDemoContent(payload)
  }
  return payload
}

/** Payload Local API against an existing database (e.g. the one a test server uses). */
export async function payloadFor(databaseUrl: string): Promise<Payload> {
  process.env.DATABASE_URL = databaseUrl
  process.env.PAYLOAD_SECRET ??= 'test-secret-test-secret-test-secret-0123'
  process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-int-'))
  const { getPayload } = await import('payload')
  const { default: config } = await import('@/payload.config')
  const payload = await getPayload({ config })
  afterAll(() => payload.destroy())
  return payload
}
