import 'server-only'

import type { Payload } from 'payload'

import type { Release } from '@/payload-types'
import { notFound } from '@/platform/errors'

export { activeReleases } from './publicCatalog'

/** One active release; an inactive or unknown one is "Release not found". */
export async function activeRelease(payload: Payload, id: string): Promise<Release> {
  const { docs } = await payload.find({
    collection: 'releases',
    where: { and: [{ id: { equals: id } }, { isActive: { equals: true } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  if (docs.length === 0) throw notFound('Release not found')
  return docs[0]!
}
