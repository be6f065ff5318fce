import type { CollectionBeforeChangeHook } from 'payload'

import { releaseSlugBase } from '@/modules/music/contract/releaseSlug'
import { uniqueSlug } from '@/platform/db/uniqueSlug'

type SlugFields = { title?: string | null; slug?: string | null }

/** A release's slug is made once, from its title, unique ("-2", "-3"… when taken), and kept afterwards. */
export const releaseSlug: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  const release = data as SlugFields
  const before = (originalDoc ?? {}) as SlugFields
  if (operation === 'update' && before.slug) {
    release.slug = before.slug
    return release
  }
  const title = release.title ?? before.title
  if (!title) return release
  release.slug = await uniqueSlug(req, 'releases', releaseSlugBase(title))
  return release
}
