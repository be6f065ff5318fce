import 'server-only'

import type { PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

type SQL = ReturnType<typeof sql>
type Dialect = { sqlToQuery: (statement: SQL) => { sql: string; params: unknown[] } }

/**
 * Reads a query's rows in batches through a server-side cursor on a connection of its own, so
 * memory stays the same however many rows there are. Stopping early (a closed download) closes
 * the cursor and hands the connection back.
 */
export async function* cursorBatches<Row>(payload: Payload, statement: SQL, batchSize = 500): AsyncGenerator<Row[]> {
  const db = payload.db as unknown as PostgresAdapter
  const { sql: text, params } = (db.drizzle as unknown as { dialect: Dialect }).dialect.sqlToQuery(statement)
  const client = await db.pool.connect()
  try {
    await client.query('BEGIN READ ONLY')
    await client.query(`DECLARE rows_out NO SCROLL CURSOR FOR ${text}`, params)
    for (;;) {
      const { rows } = await client.query(`FETCH ${Number(batchSize)} FROM rows_out`)
      if (rows.length === 0) break
      yield rows as Row[]
    }
  } finally {
    await client.query('ROLLBACK').then(
      () => client.release(),
      (error: Error) => client.release(error),
    )
  }
}
