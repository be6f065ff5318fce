import type { CollectionBeforeChangeHook } from 'payload'

import { releaseSlugBase } from '@/modules/music/contract/releaseSlug'

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
  const base = releaseSlugBase(title)
  let slug = base
  for (let n = 2; ; n++) {
    const taken = await req.payload.find({
      collection: 'releases',
      where: { slug: { equals: slug } },
      limit: 1,
      depth: 0,
      pagination: false,
      req,
      overrideAccess: true,
    })
    if (taken.docs.length === 0) break
    slug = `${base}-${n}`
  }
  release.slug = slug
  return release
}
