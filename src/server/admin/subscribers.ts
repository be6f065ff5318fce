import type { Subscriber, User } from '@/payload-types'

import { payloadClient } from '../payload'

import { findOr404 } from './crud'

export const serializeSubscriber = (s: Subscriber) => ({ id: s.id, email: s.email, isActive: s.isActive, createdAt: s.createdAt ?? null })

export async function listSubscribers(user: User) {
  const payload = await payloadClient()
  const { docs } = await payload.find({ collection: 'subscribers', sort: '-createdAt', pagination: false, depth: 0, overrideAccess: false, user })
  return docs.map(serializeSubscriber)
}

export async function deleteSubscriber(user: User, id: string) {
  await findOr404('subscribers', id, 'Subscriber not found')
  const payload = await payloadClient()
  await payload.delete({ collection: 'subscribers', id, overrideAccess: false, user })
}
