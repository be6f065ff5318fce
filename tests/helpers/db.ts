import crypto from 'node:crypto'

import pg from 'pg'

/**
 * Creates an empty database in the suite's cluster and returns its connection string. The
 * cluster is vitest's (provided by its global setup) or, for the Playwright suite, the one named
 * by TEST_PG_URL_TEMPLATE.
 */
export async function createTestDatabase(prefix = 'test'): Promise<string> {
  const template = process.env.TEST_PG_URL_TEMPLATE ?? (await import('vitest')).inject('pgUrlTemplate')
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: template.replace('{db}', 'postgres') })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  return template.replace('{db}', name)
}
