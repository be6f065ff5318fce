import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Role } from '@/platform/access/roles'
import type { User } from '@/payload-types'

import { ACTORS, actingAs, createTeam, EDITORS, type Actor } from '../../helpers/localAccess'
import { freshPayload } from '../../helpers/payload'

/** Access to the users collection and the globals, through the Local API. */

let payload: Payload
let users: Record<Role, User>
const as = (actor: Actor) => actingAs(users, actor)
/** A user written past access control, as a test's starting point. */
const seedUser = async (email: string, role: Role, data: Partial<User> = {}) =>
  (await payload.create({
    collection: 'users',
    data: { email, password: 'password123', role, ...data } as never,
    overrideAccess: true,
  })) as User

beforeAll(async () => {
  payload = await freshPayload()
  users = await createTeam(payload)
})

describe('users collection', () => {
  it('anonymous visitors cannot list users', async () => {
    await expect(payload.find({ collection: 'users', ...as('anonymous') })).rejects.toMatchObject({ status: 403 })
  })

  it('a viewer sees only their own account; managers and owners see the team', async () => {
    expect((await payload.find({ collection: 'users', ...as('viewer') })).docs.map((u) => u.email)).toEqual([
      'viewer@example.com',
    ])
    expect((await payload.find({ collection: 'users', ...as('manager') })).totalDocs).toBeGreaterThanOrEqual(3)
    expect((await payload.find({ collection: 'users', ...as('owner') })).totalDocs).toBeGreaterThanOrEqual(3)
  })

  it('only the owner creates users', async () => {
    for (const actor of ['anonymous', 'viewer', 'manager'] as Actor[]) {
      await expect(
        payload.create({
          collection: 'users',
          data: { email: `new-${actor}@example.com`, password: 'password123' },
          ...as(actor),
        } as never),
      ).rejects.toMatchObject({ status: 403 })
    }
    const created = await payload.create({
      collection: 'users',
      data: { email: 'new-by-owner@example.com', password: 'password123', role: 'manager' },
      ...as('owner'),
    } as never)
    expect((created as User).role).toBe('manager')
  })

  it('a manager or viewer cannot change their own role or status (the fields are owner-only)', async () => {
    for (const actor of ['manager', 'viewer'] as Role[]) {
      const updated = (await payload.update({
        collection: 'users',
        id: users[actor].id,
        data: { role: 'owner', isActive: true, firstName: 'Renamed' },
        ...as(actor),
      } as never)) as unknown as User
      expect(updated.firstName).toBe('Renamed')
      expect(updated.role).toBe(actor)
    }
  })

  it('a manager cannot edit another user', async () => {
    await expect(
      payload.update({ collection: 'users', id: users.viewer.id, data: { firstName: 'X' }, ...as('manager') } as never),
    ).rejects.toMatchObject({ status: 403 })
  })

  it("the owner changes another user's role but never their own, and the last active owner stays", async () => {
    const other = await seedUser('second@example.com', 'viewer')
    const promoted = (await payload.update({
      collection: 'users',
      id: other.id,
      data: { role: 'manager' },
      ...as('owner'),
    } as never)) as unknown as User
    expect(promoted.role).toBe('manager')
    await expect(
      payload.update({ collection: 'users', id: users.owner.id, data: { role: 'manager' }, ...as('owner') } as never),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      payload.update({ collection: 'users', id: users.owner.id, data: { isActive: false }, overrideAccess: true }),
    ).rejects.toMatchObject({ status: 409 })
    await expect(
      payload.delete({ collection: 'users', id: users.owner.id, overrideAccess: true }),
    ).rejects.toMatchObject({ status: 409 })
  })

  it('a deactivated user acts with no role at all', async () => {
    const inactive = await seedUser('gone@example.com', 'manager', { isActive: false })
    await expect(
      payload.create({
        collection: 'links',
        data: { title: 'Link 1', url: 'https://example.com/', order: 1 } as never,
        overrideAccess: false,
        user: { ...inactive, collection: 'users' },
      }),
    ).rejects.toMatchObject({ status: 403 })
  })
})

describe('globals', () => {
  for (const slug of ['band-profile', 'theme-settings'] as const) {
    for (const actor of ACTORS) {
      it(`${slug}: everyone reads; ${actor} ${EDITORS.includes(actor) ? 'may' : 'may not'} update`, async () => {
        await expect(payload.findGlobal({ slug, ...as(actor) })).resolves.toBeTruthy()
        const data = slug === 'band-profile' ? { name: `Band by ${actor}` } : { primaryColor: 'hsl(10,50%,50%)' }
        const result = payload.updateGlobal({ slug, data, ...as(actor) } as never)
        if (EDITORS.includes(actor)) await expect(result).resolves.toBeTruthy()
        else await expect(result).rejects.toMatchObject({ status: 403 })
      })
    }
  }

  it('theme notificationEmail is hidden from the public, read by the team, written by the owner only', async () => {
    await payload.updateGlobal({
      slug: 'theme-settings',
      data: { notificationEmail: 'band@example.com' },
      overrideAccess: true,
    })
    expect((await payload.findGlobal({ slug: 'theme-settings', ...as('anonymous') })).notificationEmail).toBeUndefined()
    expect((await payload.findGlobal({ slug: 'theme-settings', ...as('viewer') })).notificationEmail).toBe(
      'band@example.com',
    )
    await payload.updateGlobal({
      slug: 'theme-settings',
      data: { notificationEmail: 'manager@evil.test', customCss: 'body{}' },
      ...as('manager'),
    })
    const afterManager = await payload.findGlobal({ slug: 'theme-settings', overrideAccess: true })
    expect(afterManager.notificationEmail).toBe('band@example.com')
    expect(afterManager.customCss ?? null).toBeNull()
    await payload.updateGlobal({
      slug: 'theme-settings',
      data: { notificationEmail: 'a@b.co, c@d.co', customCss: 'h1{color:red}' },
      ...as('owner'),
    })
    const afterOwner = await payload.findGlobal({ slug: 'theme-settings', overrideAccess: true })
    expect(afterOwner.notificationEmail).toBe('a@b.co, c@d.co')
    expect(afterOwner.customCss).toBe('h1{color:red}')
  })
})
