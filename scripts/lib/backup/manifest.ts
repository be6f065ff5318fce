/**
 * What a backup archive holds and how it is laid out. The archive is a gzip-compressed tar file:
 *
 *   database/<table>.copy   one table's rows in PostgreSQL's COPY text format
 *   files/<key>             one stored file (local upload directory or S3 bucket), by its key
 *   manifest.json           this manifest, written last, once every hash is known
 */
import crypto from 'node:crypto'
import { Transform } from 'node:stream'

import { z } from 'zod'

import { isObjectKey } from '../../../src/lib/objectPath'

export const FORMAT = 'bandsite-backup'
export const FORMAT_VERSION = 1
export const MANIFEST_ENTRY = 'manifest.json'
export const tableEntry = (table: string) => `database/${table}.copy`
export const fileEntry = (key: string) => `files/${key}`

const identifier = z.string().regex(/^[a-z_][a-z0-9_$]*$/, 'not a plain SQL identifier')
const sha256 = z.string().regex(/^[0-9a-f]{64}$/)

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: identifier,
      columns: z.array(identifier),
      rows: z.number().int().nonnegative(),
      size: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  sequences: z.array(z.object({ name: identifier, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  files: z.array(
    z.object({
      key: z.string().refine(isObjectKey, 'not a stored file key'),
      size: z.number().int().nonnegative(),
      sha256,
      contentType: z.string().optional(),
    }),
  ),
})

export type Manifest = z.infer<typeof manifestSchema>
export type TableDump = Manifest['tables'][number]
export type StoredFile = Manifest['files'][number]

/** The manifest in `text`, or an error that says what is wrong with it. */
export function parseManifest(text: string): Manifest {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`${MANIFEST_ENTRY} is not JSON`)
  }
  const result = manifestSchema.safeParse(json)
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new Error(`${MANIFEST_ENTRY} is not a backup manifest: ${issue.path.join('.') || 'it'}: ${issue.message}`)
  }
  return result.data
}

/** A pass-through stream that counts and hashes what flows through it. */
export function digester(): Transform & { digest: () => { size: number; sha256: string } } {
  const hash = crypto.createHash('sha256')
  let size = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk)
      size += chunk.length
      callback(null, chunk)
    },
  })
  return Object.assign(stream, { digest: () => ({ size, sha256: hash.digest('hex') }) })
}

/** `"name"`: an identifier already checked to be plain, quoted for SQL. */
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`
