import type { CollectionSlug, Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Role } from '@/platform/access/roles'
import type { User } from '@/payload-types'

import { ACTORS, actingAs, createTeam, EDITORS, TEAM, type Actor } from '../../helpers/localAccess'
import { freshPayload } from '../../helpers/payload'

type Op = 'read' | 'create' | 'update' | 'delete'

/** The permission matrix as Payload access: who may do what to each collection. */
const MATRIX: Record<string, Record<Op, Actor[]>> = {
  links: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  products: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  'product-options': { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  shows: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  orders: { read: TEAM, create: [], update: [], delete: EDITORS },
  'order-items': { read: TEAM, create: [], update: [], delete: EDITORS },
  subscribers: { read: EDITORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  campaigns: { read: EDITORS, create: EDITORS, update: EDITORS, delete: EDITORS },
  media: { read: ACTORS, create: EDITORS, update: EDITORS, delete: EDITORS },
}

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let payload: Payload
let users: Record<Role, User>
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
    case 'campaigns':
      return { subject: `Campaign ${n}`, body: 'Hello', status: 'draft', firstAttempts: 0, firstFailures: 0 }
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
  campaigns: { subject: 'Changed' },
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

const as = (actor: Actor) => actingAs(users, actor)

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
  users = await createTeam(payload)
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
