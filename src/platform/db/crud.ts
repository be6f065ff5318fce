import 'server-only'

import type { CollectionSlug, Where } from 'payload'

import { notFound } from '@/platform/errors'
import { payloadClient } from './payload'

/** The document, or a 404 with the given message. */
export async function findOr404(slug: CollectionSlug, id: string, message: string) {
  const payload = await payloadClient()
  const where: Where = { id: { equals: id } }
  const { docs } = await payload.find({ collection: slug, where, limit: 1, depth: 0, overrideAccess: true })
  if (docs.length === 0) throw notFound(message)
  return docs[0]!
}
