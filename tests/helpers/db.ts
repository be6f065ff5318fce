import crypto from 'node:crypto'

import pg from 'pg'
import { inject } from 'vitest'

/** Creates an empty database in the suite's cluster and returns its connection string. */
export async function createTestDatabase(prefix = 'test'): Promise<string> {
  const template = inject('pgUrlTemplate')
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
