import type { PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Pool, PoolClient } from 'pg'
import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'

import type { User } from '@/payload-types'

type SQL = ReturnType<typeof sql>

/** One database transaction: Local API calls take `req`, raw SQL goes through `execute`. */
export type Tx = {
  req: PayloadRequest
  execute: <Row = Record<string, unknown>>(query: SQL) => Promise<Row[]>
}

/**
 * Runs `fn` in a transaction that commits when it returns and rolls back when it throws. With a
 * `req` already inside a transaction, `fn` joins that one (its owner commits). `user` is the
 * signed-in user the transaction's `req` acts for, so access rules apply to calls that pass it.
 */
export async function withTransaction<T>(
  payload: Payload,
  fn: (tx: Tx) => Promise<T>,
  outer?: PayloadRequest,
  user?: User,
): Promise<T> {
  const db = payload.db as unknown as PostgresAdapter
  const joined = await sessionOf(db, outer)
  if (joined) return fn({ req: outer!, execute: async (query) => (await joined.db.execute(query)).rows as never })
  const req = await createLocalReq(user ? { user: { ...user, collection: 'users' } } : {}, payload)
  await initTransaction(req)
  const session = db.sessions[await req.transactionID!]!
  try {
    const result = await fn({ req, execute: async (query) => (await session.db.execute(query)).rows as never })
    await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/** The open database transaction `req` belongs to, if any. */
async function sessionOf(db: PostgresAdapter, req: PayloadRequest | undefined) {
  return req?.transactionID ? db.sessions[await req.transactionID] : undefined
}

/**
 * One SQL statement: inside `req`'s transaction when it is in one (so it sees that transaction's
 * writes), else on its own, outside any transaction.
 */
export async function query<Row = Record<string, unknown>>(
  payload: Payload,
  statement: SQL,
  req?: PayloadRequest,
): Promise<Row[]> {
  const db = payload.db as unknown as PostgresAdapter
  const session = await sessionOf(db, req)
  return (await (session?.db ?? db.drizzle).execute(statement)).rows as Row[]
}

/**
 * Runs `fn` on one connection of `pool` between BEGIN and COMMIT (ROLLBACK when it throws, and
 * the error is rethrown), then hands the connection back: raw SQL that must hold its row locks
 * until it is done, outside Payload's transactions.
 */
export async function withPoolTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await fn(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
