// No 'server-only' import: the merch table reaches the till's codes through the module's index.ts,
// which the Payload configuration loads too.
import { randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { CODE_ALPHABET, CODE_LENGTH, type CodeBatch } from '@/modules/music/contract/codes'
import { notFound } from '@/platform/errors'
import { query, withTransaction, type Tx } from '@/platform/db/transaction'

/** Bytes below this are used (a multiple of the alphabet's size), so every character is equally likely. */
const UNBIASED_BELOW = 256 - (256 % CODE_ALPHABET.length)

/** `count` codes from the crypto generator, 12 characters each from the unambiguous alphabet. */
export function randomCodes(count: number): string[] {
  const codes: string[] = []
  let code = ''
  while (codes.length < count) {
    for (const byte of randomBytes(count * CODE_LENGTH * 2)) {
      if (byte >= UNBIASED_BELOW) continue
      code += CODE_ALPHABET[byte % CODE_ALPHABET.length]
      if (code.length === CODE_LENGTH) {
        codes.push(code)
        code = ''
        if (codes.length === count) break
      }
    }
  }
  return codes
}

/**
 * Adds `count` new codes to a batch in one statement per round (a code that happens to exist
 * already is skipped and made again), held for `tillId` when given.
 */
export async function insertCodes(
  tx: Pick<Tx, 'execute'>,
  batchId: string,
  count: number,
  tillId: string | null = null,
): Promise<void> {
  let left = count
  while (left > 0) {
    const [row] = await tx.execute<{ added: number }>(sql`
      WITH added AS (
        INSERT INTO download_codes (batch_id, code, till_id)
        SELECT ${batchId}, c, ${tillId} FROM unnest(string_to_array(${randomCodes(left).join(',')}, ',')) AS c
        ON CONFLICT (code) DO NOTHING RETURNING 1)
      SELECT count(*)::int AS added FROM added`)
    left -= Number(row!.added)
  }
}

type BatchRow = { id: string; label: string; count: number; used: number | string; created_at: Date | string }

const toBatch = (r: BatchRow): CodeBatch => ({
  id: r.id,
  label: r.label,
  count: Number(r.count),
  used: Number(r.used),
  createdAt: new Date(r.created_at).toISOString(),
})

/** Makes a batch of `count` single-use codes for a release (404 for an unknown release). */
export async function createCodeBatch(
  payload: Payload,
  releaseId: string,
  input: { count: number; label: string },
  userId: string | null,
): Promise<CodeBatch> {
  return withTransaction(payload, async (tx) => {
    const [batch] = await tx.execute<BatchRow>(sql`
      INSERT INTO download_code_batches (release_id, label, count, created_by)
      SELECT id, ${input.label}, ${input.count}, ${userId} FROM releases WHERE id = ${releaseId}
      RETURNING id, label, count, 0 AS used, created_at`)
    if (!batch) throw notFound('Release not found')
    await insertCodes(tx, batch.id, input.count)
    return toBatch(batch)
  })
}

/** A release's batches, newest first, each with how many of its codes were redeemed. */
export async function listCodeBatches(payload: Payload, releaseId: string): Promise<CodeBatch[]> {
  const rows = await query<BatchRow>(
    payload,
    sql`SELECT b.id, b.label, b.count, b.created_at,
        (SELECT count(*) FROM download_codes c WHERE c.batch_id = b.id AND c.used_at IS NOT NULL) AS used
      FROM download_code_batches b WHERE b.release_id = ${releaseId} ORDER BY b.created_at DESC, b.id`,
  )
  return rows.map(toBatch)
}

/** One batch of the release with its codes in alphabetical order (404 when it is not the release's). */
export async function codeBatchExport(
  payload: Payload,
  releaseId: string,
  batchId: string,
): Promise<{ slug: string; label: string; codes: { code: string; usedAt: string | null }[] }> {
  const [batch] = await query<{ slug: string | null; label: string }>(
    payload,
    sql`SELECT r.slug, b.label FROM download_code_batches b JOIN releases r ON r.id = b.release_id
      WHERE b.id = ${batchId} AND b.release_id = ${releaseId}`,
  )
  if (!batch) throw notFound('Code batch not found')
  const codes = await query<{ code: string; used_at: Date | string | null }>(
    payload,
    sql`SELECT code, used_at FROM download_codes WHERE batch_id = ${batchId} ORDER BY code`,
  )
  return {
    slug: batch.slug ?? 'release',
    label: batch.label,
    codes: codes.map((c) => ({ code: c.code, usedAt: c.used_at ? new Date(c.used_at).toISOString() : null })),
  }
}
