/**
 * The database side of a backup: what the app's schema holds (tables, their columns, sequences,
 * the applied migrations), read inside one snapshot, and each table's rows copied out as
 * PostgreSQL's COPY text format.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'

import { digester, quoted, type Manifest, type TableDump } from './manifest'

/** Payload's own record of applied migrations; a restore fills it by applying them. */
export const MIGRATIONS_TABLE = 'payload_migrations'

/** The base tables of the connection's schema (the app's), by name. */
export async function schemaTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      ORDER BY c.relname COLLATE "C"`,
  )
  return rows.map((r) => r.name)
}

/** The columns a COPY writes and reads for `table`: every stored one (generated columns are computed). */
async function tableColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [table],
  )
  return rows.map((r) => r.name)
}

/** The names of the migrations applied to the database (none when it has no schema yet). */
export async function appliedMigrations(client: pg.Client): Promise<string[]> {
  if (!(await schemaTables(client)).includes(MIGRATIONS_TABLE)) return []
  const { rows } = await client.query<{ name: string }>(
    `SELECT name FROM ${MIGRATIONS_TABLE} WHERE batch >= 0 ORDER BY name COLLATE "C"`,
  )
  return rows.map((r) => r.name)
}

async function sequenceValues(client: pg.Client): Promise<Manifest['sequences']> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S'
      ORDER BY relname COLLATE "C"`,
  )
  const values: Manifest['sequences'] = []
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${quoted(name)}`,
    )
    values.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called })
  }
  return values
}

async function dumpTable(client: pg.Client, table: string, file: string): Promise<TableDump> {
  const columns = await tableColumns(client, table)
  const copy = client.query(copyTo(`COPY ${quoted(table)} (${columns.map(quoted).join(', ')}) TO STDOUT`))
  const tap = digester()
  await pipeline(copy, tap, fs.createWriteStream(file))
  return { name: table, columns, rows: copy.rowCount, ...tap.digest() }
}

/**
 * Copies every table of the app's schema into `dir` (one file per table) from a single
 * REPEATABLE READ snapshot, so rows that belong together (an order and its items) are either all
 * in the backup or all not yet. The site keeps running: the transaction only reads.
 */
export async function dumpDatabase(
  client: pg.Client,
  dir: string,
): Promise<Pick<Manifest, 'migrations' | 'tables' | 'sequences'>> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
  try {
    const migrations = await appliedMigrations(client)
    const tables: TableDump[] = []
    for (const table of await schemaTables(client)) {
      tables.push(await dumpTable(client, table, path.join(dir, `${table}.copy`)))
    }
    // Sequences are outside transactions: read last, they are at least as far as every row copied.
    const sequences = await sequenceValues(client)
    await client.query('COMMIT')
    return { migrations, tables, sequences }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  }
}
