import type { CollectionSlug, Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { User } from '@/payload-types'

import { freshPayload } from '../helpers/payload'

type Role = 'owner' | 'manager' | 'viewer'
type Actor = Role | 'anonymous'
type Op = 'read' | 'create' | 'update' | 'delete'
const ACTORS: Actor[] = ['anonymous', 'viewer', 'manager', 'owner']

const EDITORS: Actor[] = ['manager', 'owner']
const TEAM: Actor[] = ['viewer', 'manager', 'owner']

/** The permission matrix as Payload access: who may do what to each collection. */
const MATRIX: Record<string, Record<Op, Actor[]>> = {
  links: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  products: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  'product-options': { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  shows: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  orders: { read: TEAM, create: [], update: [], delete: EDITORS },
  'order-items': { read: TEAM, create: [], update: [], delete: EDITORS },
  subscribers: { read: EDITORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  media: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
}

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let payload: Payload
const users = {} as Record<Role, User>
let productId: string
let orderId: string
let n = 0

function sampleData(slug: string): Record<string, unknown> {
  n++
  switch (slug) {
    case 'links':
      return { title: `Link ${n}`, url: 'https://example.com/', order: n }
    case 'products':
      return { name: `Product ${n}`, price: 10 }
    case 'product-options':
      return { productId, name: 'Size', value: `V${n}`, inventory: 3 }
    case 'shows':
      return { title: `Show ${n}`, venue: 'Venue', date: new Date(Date.now() + 86_400_000).toISOString() }
    case 'orders':
      return { customerEmail: `buyer${n}@example.com`, subtotalAmount: 10, shippingAmount: 5, totalAmount: 15 }
    case 'order-items':
      return { orderId, quantity: 1, price: 10 }
    case 'subscribers':
      return { email: `fan${n}@example.com` }
    case 'media':
      return { alt: `Image ${n}` }
    default:
      throw new Error(slug)
  }
}

const UPDATES: Record<string, Record<string, unknown>> = {
  links: { title: 'Changed' },
  products: { name: 'Changed' },
  'product-options': { value: 'Changed' },
  shows: { title: 'Changed' },
  orders: { customerName: 'Changed' },
  'order-items': { quantity: 2 },
  subscribers: { isActive: false },
  media: { alt: 'Changed' },
}

const file = () => ({ data: PNG_1PX, mimetype: 'image/png', name: `pixel-${n}.png`, size: PNG_1PX.length })

async function fixture(slug: string) {
  const data = sampleData(slug)
  return payload.create({
    collection: slug as CollectionSlug,
    data: data as never,
    overrideAccess: true,
    ...(slug === 'media' ? { file: file() } : {}),
  })
}

const as = (actor: Actor) =>
  ({ overrideAccess: false, user: actor === 'anonymous' ? null : { ...users[actor], collection: 'users' } }) as const

async function attempt(slug: string, op: Op, actor: Actor): Promise<boolean> {
  const collection = slug as CollectionSlug
  try {
    if (op === 'read') {
      const doc = await fixture(slug)
      const found = await payload.find({ collection, where: { id: { equals: doc.id } }, ...as(actor) } as never)
      return (found as { docs: unknown[] }).docs.length === 1
    }
    if (op === 'create') {
      const data = sampleData(slug)
      await payload.create({
        collection,
        data: data as never,
        ...as(actor),
        ...(slug === 'media' ? { file: file() } : {}),
      } as never)
      return true
    }
    const doc = await fixture(slug)
    if (op === 'update') {
      await payload.update({ collection, id: doc.id, data: UPDATES[slug] as never, ...as(actor) } as never)
      return true
    }
    await payload.delete({ collection, id: doc.id, ...as(actor) } as never)
    return true
  } catch (error) {
    const status = (error as { status?: number }).status
    if (status === 403 || status === 401 || status === 404) return false
    throw error
  }
}

beforeAll(async () => {
  payload = await freshPayload()
  for (const role of ['owner', 'manager', 'viewer'] as Role[]) {
    users[role] = (await payload.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: 'password123', role, isActive: true } as never,
      overrideAccess: true,
    })) as User
  }
  productId = (
    await payload.create({ collection: 'products', data: { name: 'Tee', price: 25 } as never, overrideAccess: true })
  ).id
  orderId = (
    await payload.create({
      collection: 'orders',
      data: { customerEmail: 'a@example.com', subtotalAmount: 25, shippingAmount: 5, totalAmount: 30 } as never,
      overrideAccess: true,
    })
  ).id
})

describe('collection access follows the permission matrix', () => {
  for (const [slug, ops] of Object.entries(MATRIX)) {
    for (const op of ['read', 'create', 'update', 'delete'] as Op[]) {
      for (const actor of ACTORS) {
        const allowed = ops[op].includes(actor)
        it(`${slug}: ${actor} ${allowed ? 'may' : 'may not'} ${op}`, async () => {
          expect(await attempt(slug, op, actor)).toBe(allowed)
        })
      }
    }
  }
})

describe('public visitors see only active rows', () => {
  for (const slug of ['links', 'products', 'product-options', 'shows'] as const) {
    it(`${slug}: an inactive row is hidden from anonymous visitors but shown to a viewer`, async () => {
      const doc = await payload.create({
        collection: slug,
        data: { ...sampleData(slug), isActive: false } as never,
        overrideAccess: true,
      })
      const where = { id: { equals: doc.id } }
      expect((await payload.find({ collection: slug, where, ...as('anonymous') })).docs).toHaveLength(0)
      expect((await payload.find({ collection: slug, where, ...as('viewer') })).docs).toHaveLength(1)
    })
  }
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
    const other = (await payload.create({
      collection: 'users',
      data: { email: 'second@example.com', password: 'password123', role: 'viewer' } as never,
      overrideAccess: true,
    })) as User
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
    const inactive = (await payload.create({
      collection: 'users',
      data: { email: 'gone@example.com', password: 'password123', role: 'manager', isActive: false } as never,
      overrideAccess: true,
    })) as User
    await expect(
      payload.create({
        collection: 'links',
        data: sampleData('links') as never,
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
