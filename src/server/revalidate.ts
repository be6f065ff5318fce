import type { CacheTag } from '@/lib/cacheTags'

/**
 * Marks public data as changed so the next request renders it fresh.
 * Outside a Next.js server (seed, scripts, tests) there is no cache to invalidate.
 */
export async function revalidatePublic(...tags: CacheTag[]): Promise<void> {
  if (!process.env.NEXT_RUNTIME) return
  const { revalidateTag } = await import('next/cache')
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 })
    } catch (error) {
      console.warn(`Could not revalidate cache tag "${tag}":`, (error as Error).message)
    }
  }
}
