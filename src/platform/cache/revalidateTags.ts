import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import type { CacheTag } from '@/platform/cache/cacheTags'
import { revalidatePublicAfterWrite } from '@/platform/cache/revalidate'

/** afterChange/afterDelete hooks that refresh the public page's cached data. */
export function revalidateOnChange(...tags: CacheTag[]): {
  afterChange: CollectionAfterChangeHook
  afterDelete: CollectionAfterDeleteHook
} {
  return {
    afterChange: async ({ doc, context, req }) => {
      if (!context.skipRevalidate) await revalidatePublicAfterWrite(req, ...tags)
      return doc
    },
    afterDelete: async ({ doc, context, req }) => {
      if (!context.skipRevalidate) await revalidatePublicAfterWrite(req, ...tags)
      return doc
    },
  }
}

export function revalidateGlobal(...tags: CacheTag[]): GlobalAfterChangeHook {
  return async ({ doc, context, req }) => {
    if (!context.skipRevalidate) await revalidatePublicAfterWrite(req, ...tags)
    return doc
  }
}
