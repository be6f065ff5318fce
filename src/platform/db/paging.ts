import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { z } from 'zod'

import { isUuid } from '@/lib/ids'

import { fieldErrors, invalid } from '@/platform/errors'

type SQL = ReturnType<typeof sql>

/** Where one page ends: the newest-first sort key (creation time, then id) of its last row. */
export type Cursor = { createdAt: string; id: string }

/** A timestamp column as ISO 8601 UTC text with milliseconds (the columns' own precision). */
export const isoTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

export function encodeCursor(row: Cursor): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64url')
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (value === undefined) return null
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [unknown, unknown]
    if (
      typeof at === 'string' &&
      typeof id === 'string' &&
      isUuid(id) &&
      id === id.toLowerCase() &&
      ISO_TIME.test(at) &&
      !Number.isNaN(Date.parse(at))
    ) {
      return { createdAt: at, id }
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw invalid('The cursor is not valid. Start again from the first page.', {
    cursor: 'cursor is not valid',
  })
}

/** The query string of a list request, checked against its schema (400 naming each bad parameter). */
export function parseListQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const result = schema.safeParse(params)
  if (!result.success) throw invalid('Please check the list parameters.', fieldErrors(result.error))
  return result.data
}

/** `AND (created_at, id) < cursor` for keyset paging, newest first. */
export const afterCursor = (cursor: Cursor | null, alias: SQL): SQL =>
  cursor ? sql`AND (${alias}.created_at, ${alias}.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``

/** A prefix for LIKE, with the pattern characters of the search text taken literally. */
export const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export type Page<T> = {
  rows: T[]
  next: string | null
  total: number
  /** Of the total, how many are confirmed subscribers (the subscriber list only). */
  confirmed?: number
}
