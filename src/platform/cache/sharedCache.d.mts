export type SharedCacheStore = {
  kind: 'redis' | 'memory'
  handler: unknown
  revalidateTags: (tags: string[]) => Promise<void>
}
export function cacheScope(databaseUrl?: string): string
export function sharedCacheStore(buildId?: string): SharedCacheStore
export function existingSharedCacheStore(): SharedCacheStore | undefined
export function revalidateTagsOutsideNext(tags: string[]): Promise<boolean>
export const PUBLIC_PAGE_TAG: string
