import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { User } from '@/payload-types'

import { freshPayload } from '../../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await freshPayload()
})

async function owner(email: string): Promise<User> {
  return (await payload.create({
    collection: 'users',
    data: { email, password: 'owner-password-1', role: 'owner', isActive: true },
    overrideAccess: true,
  })) as User
}

describe('the last active owner under a race', () => {
  it('two owners demoting each other at the same moment leave one owner', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await owner(`a${round}@example.com`)
      const b = await owner(`b${round}@example.com`)
      // Everyone else stops being an owner, so a and b are the only two.
      await payload.update({
        collection: 'users',
        where: { id: { not_in: [a.id, b.id] } },
        data: { role: 'viewer' },
        overrideAccess: true,
      })
      const results = await Promise.allSettled([
        payload.update({
          collection: 'users',
          id: b.id,
          data: { role: 'manager' },
          overrideAccess: false,
          user: { ...a, collection: 'users' },
        }),
        payload.update({
          collection: 'users',
          id: a.id,
          data: { role: 'manager' },
          overrideAccess: false,
          user: { ...b, collection: 'users' },
        }),
      ])
      const owners = await payload.count({
        collection: 'users',
        where: { and: [{ role: { equals: 'owner' } }, { isActive: { equals: true } }] },
        overrideAccess: true,
      })
      expect(owners.totalDocs, `round ${round}`).toBe(1)
      expect(
        results.filter((r) => r.status === 'rejected'),
        `round ${round}`,
      ).toHaveLength(1)
    }
  }, 60_000)
})
