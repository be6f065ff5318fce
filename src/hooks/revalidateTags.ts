import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import type { CacheTag } from '@/lib/cacheTags'
import { revalidatePublic } from '@/server/revalidate'

/** afterChange/afterDelete hooks that refresh the public page's cached data. */
export function revalidateOnChange(...tags: CacheTag[]): {
  afterChange: CollectionAfterChangeHook
  afterDelete: CollectionAfterDeleteHook
} {
  return {
    afterChange: async ({ doc, context }) => {
      if (!context.skipRevalidate) await revalidatePublic(...tags)
      return doc
    },
    afterDelete: async ({ doc, context }) => {
      if (!context.skipRevalidate) await revalidatePublic(...tags)
      return doc
    },
  }
}

export function revalidateGlobal(...tags: CacheTag[]): GlobalAfterChangeHook {
  return async ({ doc, context }) => {
    if (!context.skipRevalidate) await revalidatePublic(...tags)
    return doc
  }
}
