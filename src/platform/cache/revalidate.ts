import type { PayloadRequest } from 'payload'

import type { CacheTag } from '@/platform/cache/cacheTags'
import { clearAnswerCache } from '@/platform/runtime/processState'

/**
 * Marks public data as changed: every cached page, route answer and data entry carrying one of the
 * tags is dropped. In a Next server this goes through its cache store (Redis with REDIS_URL, so
 * every instance sees it; else this process's memory). Outside one (seed, scripts) it goes to the
 * same Redis; without REDIS_URL such a process has no cache to reach, and a running single
 * instance picks the change up at its next hourly revalidation or restart. This server's own
 * microcache of public pages is dropped too.
 */
export async function revalidatePublic(...tags: CacheTag[]): Promise<void> {
  if (tags.length === 0) return
  try {
    const { existingSharedCacheStore, revalidateTagsOutsideNext } = await import('./sharedCache.mjs')
    const store = existingSharedCacheStore()
    if (store) await store.revalidateTags(tags)
    else await revalidateTagsOutsideNext(tags)
  } catch (error) {
    console.warn(`Could not invalidate the cached public data (${tags.join(', ')}):`, (error as Error).message)
  }
  // After Next's cache: a page rendered from it before then is not kept.
  clearAnswerCache()
}

/** Poll interval while waiting for a transaction to end, and the most it waits. */
const TRANSACTION_POLL_MS = 50
const TRANSACTION_WAIT_MS = 30_000
/** The driver commits just after the adapter forgets the transaction. */
const COMMIT_GRACE_MS = 150

/**
 * For a write made with `req`: invalidates now, and once more after the request's database
 * transaction has ended, so a page another request rendered from the rows before the commit is
 * not kept.
 */
export async function revalidatePublicAfterWrite(req: PayloadRequest | undefined, ...tags: CacheTag[]): Promise<void> {
  await revalidatePublic(...tags)
  if (!req?.transactionID) return
  void transactionEnded(req).then(() => revalidatePublic(...tags))
}

async function transactionEnded(req: PayloadRequest): Promise<void> {
  const id = await req.transactionID
  const sessions = (req.payload.db as unknown as { sessions?: Record<string, unknown> }).sessions
  if (id === undefined || !sessions) return
  for (let waited = 0; sessions[String(id)] && waited < TRANSACTION_WAIT_MS; waited += TRANSACTION_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, TRANSACTION_POLL_MS))
  }
  await new Promise((resolve) => setTimeout(resolve, COMMIT_GRACE_MS))
}
