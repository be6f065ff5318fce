import crypto from 'node:crypto'

import pg from 'pg'

import { MIGRATED_TEMPLATE } from './migratedTemplate'

/**
 * Creates a database in the suite's cluster and returns its connection string: empty, or with
 * `migrated` a copy of the run's template that has every committed migration applied (a server
 * started on it skips the migrations but still creates its owner and seeds). The cluster is
 * vitest's (provided by its global setup) or, for the Playwright suite, the one named by
 * TEST_PG_URL_TEMPLATE.
 */
export async function createTestDatabase(prefix = 'test', { migrated = false } = {}): Promise<string> {
  const template = process.env.TEST_PG_URL_TEMPLATE ?? (await import('vitest')).inject('pgUrlTemplate')
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: template.replace('{db}', 'postgres') })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"${migrated ? ` TEMPLATE "${MIGRATED_TEMPLATE}"` : ''}`)
  } finally {
    await client.end()
  }
  return template.replace('{db}', name)
}
