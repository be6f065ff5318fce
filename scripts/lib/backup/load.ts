/**
 * Loading a backup into a database whose schema the committed migrations have just made: one
 * transaction empties what the migrations may have written, lifts the foreign keys, copies every
 * table's rows in, puts the foreign keys back (PostgreSQL checks every row then), sets each
 * sequence where it was and compares the row counts. Any failure leaves the database as it was.
 */
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

import { MIGRATIONS_TABLE, schemaTables } from './database'
import { quoted, tableEntry, type Manifest } from './manifest'

type ForeignKey = { table: string; name: string; definition: string }

async function foreignKeys(client: pg.Client): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT t.relname AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = 'f' AND t.relnamespace = current_schema()::regnamespace
      ORDER BY t.relname, c.conname`,
  )
  return rows
}

export type Loader = {
  /** Copies one archive entry's rows in, when the entry is a table of the manifest. */
  entry(name: string, body: Readable): Promise<boolean>
  /** Checks and commits everything loaded. */
  finish(): Promise<void>
  abort(): Promise<void>
}

/** Starts the load of `manifest`'s tables on `client` (a database emptied of data, schema migrated). */
export async function startLoad(client: pg.Client, manifest: Manifest): Promise<Loader> {
  const byEntry = new Map(manifest.tables.map((t) => [tableEntry(t.name), t]))
  const existing = new Set(await schemaTables(client))
  const missing = manifest.tables.filter((t) => !existing.has(t.name)).map((t) => t.name)
  if (missing.length) throw new Error(`the database has no table ${missing.join(', ')} after the migrations`)
  await client.query('BEGIN')
  const keys = await foreignKeys(client)
  const data = [...existing].filter((t) => t !== MIGRATIONS_TABLE)
  if (data.length) await client.query(`TRUNCATE ${data.map(quoted).join(', ')}`)
  for (const key of keys) await client.query(`ALTER TABLE ${quoted(key.table)} DROP CONSTRAINT ${quoted(key.name)}`)
  return {
    async entry(name, body) {
      const table = byEntry.get(name)
      if (!table || table.name === MIGRATIONS_TABLE) return false
      const columns = table.columns.map(quoted).join(', ')
      await pipeline(body, client.query(copyFrom(`COPY ${quoted(table.name)} (${columns}) FROM STDIN`)))
      return true
    },
    async finish() {
      for (const key of keys) {
        await client.query(`ALTER TABLE ${quoted(key.table)} ADD CONSTRAINT ${quoted(key.name)} ${key.definition}`)
      }
      for (const s of manifest.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoted(s.name), s.lastValue, s.isCalled])
      }
      for (const table of manifest.tables) {
        if (table.name === MIGRATIONS_TABLE) continue
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted(table.name)}`)
        if (Number(rows[0]!.n) !== table.rows) {
          throw new Error(`${table.name} has ${rows[0]!.n} rows after the load, the backup ${table.rows}`)
        }
      }
      await client.query('COMMIT')
    },
    async abort() {
      await client.query('ROLLBACK').catch(() => {})
    },
  }
}
