import type { CollectionSlug, PayloadRequest } from 'payload'

/** `base`, or the first of `base-2`, `base-3`… that no document of `collection` has as its slug yet. */
export async function uniqueSlug(req: PayloadRequest, collection: CollectionSlug, base: string): Promise<string> {
  let slug = base
  for (let n = 2; ; n++) {
    const taken = await req.payload.find({
      collection,
      where: { slug: { equals: slug } },
      limit: 1,
      depth: 0,
      pagination: false,
      req,
      overrideAccess: true,
    })
    if (taken.docs.length === 0) return slug
    slug = `${base}-${n}`
  }
}
