import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Role } from '@/platform/access/roles'
import type { User } from '@/payload-types'

import { actingAs, createTeam } from '../../helpers/localAccess'
import { freshPayload } from '../../helpers/payload'

/** The stable keys of links, shows, products and options, and content files that carry them. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let payload: Payload
let users: Record<Role, User>
let content: {
  exportContent: typeof import('@/modules/content/server/export').exportContent
  importContent: typeof import('@/modules/content/server/import').importContent
}

beforeAll(async () => {
  payload = await freshPayload()
  users = await createTeam(payload)
  await payload.updateGlobal({ slug: 'band-profile', data: { name: 'The Test Band' }, overrideAccess: true })
  const [{ exportContent }, { importContent }] = await Promise.all([
    import('@/modules/content/server/export'),
    import('@/modules/content/server/import'),
  ])
  content = { exportContent, importContent }
})

const keyOf = async (collection: 'links' | 'shows' | 'products' | 'product-options', id: string) =>
  String(((await payload.findByID({ collection, id, depth: 0, overrideAccess: true })) as { key: string }).key)

describe('stable keys', () => {
  it('every link, show, product and option gets a key when it is created, whoever creates it', async () => {
    const manager = actingAs(users, 'manager')
    const link = await payload.create({
      collection: 'links',
      data: { title: 'Tickets', url: 'https://tickets.example/' } as never,
      ...manager,
    })
    const show = await payload.create({
      collection: 'shows',
      data: { title: 'Early show', venue: 'The Hall', date: '2027-03-01T18:00:00.000Z' } as never,
      overrideAccess: true,
    })
    const product = await payload.create({
      collection: 'products',
      data: { name: 'Tee', price: 25 } as never,
      ...manager,
    })
    const option = await payload.create({
      collection: 'product-options',
      data: { productId: product.id, value: 'M' } as never,
      ...manager,
    })
    for (const doc of [link, show, product, option]) expect((doc as { key: string }).key).toMatch(UUID)
    expect(new Set([link, show, product, option].map((d) => (d as { key: string }).key)).size).toBe(4)
  })

  it('a team member cannot choose a key; the system (a content import) can', async () => {
    const chosen = await payload.create({
      collection: 'links',
      data: { title: 'Chosen', url: 'https://chosen.example/', key: 'my-own-key' } as never,
      ...actingAs(users, 'owner'),
    })
    expect(chosen.key).toMatch(UUID)
    const imported = await payload.create({
      collection: 'links',
      data: { title: 'Imported', url: 'https://imported.example/', key: 'from-the-file' } as never,
      overrideAccess: true,
    })
    expect(imported.key).toBe('from-the-file')
  })
})

describe('stable keys', () => {
  it('a key survives every update, and an update that tries to change it leaves it as it was', async () => {
    const link = await payload.create({
      collection: 'links',
      data: { title: 'Tour', url: 'https://tickets.example/' } as never,
      overrideAccess: true,
    })
    const key = link.key
    await payload.update({
      collection: 'links',
      id: link.id,
      data: { title: 'Tour dates' },
      ...actingAs(users, 'manager'),
    })
    expect(await keyOf('links', link.id)).toBe(key)
    // As a team member (the team API's and /cms's way) and as the system (scripts, imports).
    const asManager = await payload.update({
      collection: 'links',
      id: link.id,
      data: { key: 'changed-by-a-manager', title: 'Tour 2027' } as never,
      ...actingAs(users, 'manager'),
    })
    expect(asManager.title).toBe('Tour 2027')
    expect(await keyOf('links', link.id)).toBe(key)
    await payload.update({
      collection: 'links',
      id: link.id,
      data: { key: 'changed-by-a-script' },
      overrideAccess: true,
    })
    expect(await keyOf('links', link.id)).toBe(key)
    await payload.update({
      collection: 'links',
      where: { id: { equals: link.id } },
      data: { key: 'changed-in-bulk' },
      overrideAccess: true,
    })
    expect(await keyOf('links', link.id)).toBe(key)
  })

  it("a duplicated product and its options get keys of their own (the team's duplicate and Payload's)", async () => {
    const product = await payload.create({
      collection: 'products',
      data: { name: 'Hoodie', price: 40 } as never,
      overrideAccess: true,
    })
    const option = await payload.create({
      collection: 'product-options',
      data: { productId: product.id, value: 'L' } as never,
      overrideAccess: true,
    })
    const { duplicateProduct } = await import('@/modules/catalog/server/productOptions')
    const { product: copy } = await duplicateProduct(users.manager, product.id)
    const copyKey = await keyOf('products', copy.id)
    expect(copyKey).toMatch(UUID)
    expect(copyKey).not.toBe(product.key)
    const copiedOptions = await payload.find({
      collection: 'product-options',
      where: { productId: { equals: copy.id } },
      overrideAccess: true,
    })
    expect(copiedOptions.docs.map((o) => o.key)).not.toContain(option.key)
    expect(copiedOptions.docs[0]!.key).toMatch(UUID)

    const viaPayload = await payload.duplicate({ collection: 'products', id: product.id, overrideAccess: true })
    expect(viaPayload.key).toMatch(UUID)
    expect(viaPayload.key).not.toBe(product.key)
  })
})

describe('content files with keys', () => {
  it('records that share a natural key export with their own keys and import again without a change', async () => {
    await payload.create({
      collection: 'shows',
      data: { title: 'Late show', venue: 'The Hall', date: '2027-03-01T18:00:00.000Z' } as never,
      overrideAccess: true,
    })
    const file = await content.exportContent(payload)
    expect(file.version).toBe(3)
    const tickets = file.links.filter((l) => l.url === 'https://tickets.example/')
    expect(tickets).toHaveLength(2)
    expect(new Set(tickets.map((l) => l.key)).size).toBe(2)
    expect(file.shows.filter((s) => s.venue === 'The Hall')).toHaveLength(2)

    const again = await content.importContent(payload, file)
    expect(again.problems).toEqual([])
    expect(again.changes).toEqual([])

    const edited = structuredClone(file)
    edited.shows.find((s) => s.title === 'Late show')!.time = '22:00'
    const result = await content.importContent(payload, edited, { dryRun: true })
    expect(result.changes).toEqual([
      { action: 'update', what: 'show 2027-03-01T18:00:00.000Z The Hall', fields: ['time'] },
    ])
  })

  it('refuses a file whose records share a key, naming where', async () => {
    const file = await content.exportContent(payload)
    file.links[2]!.key = file.links[1]!.key
    file.products[1]!.options.push({ ...file.products[0]!.options[0]! })
    const result = await content.importContent(payload, file)
    expect(result.written).toBe(false)
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { path: 'links[2].key', message: 'duplicate key: the same as links[1]' },
        {
          path: `products[1].options[${file.products[1]!.options.length - 1}].key`,
          message: 'duplicate key: the same as products[0].options[0]',
        },
      ]),
    )
  })
})

describe('content files with keys', () => {
  it('a version 2 record without a key, and a version 1 record with one, are refused', async () => {
    const file = { ...(await content.exportContent(payload)), version: 2 as const }
    delete file.shows[0]!.key
    expect((await content.importContent(payload, file)).problems).toEqual([
      { path: 'shows[0].key', message: 'is required in a version 2 file' },
    ])
    const old = { ...(await content.exportContent(payload)), version: 1 }
    expect((await content.importContent(payload, old)).problems).toContainEqual({
      path: 'links[0].key',
      message: 'is not part of a version 1 file',
    })
  })

  it('a version 1 file whose records share a natural key imports them in order, and again without a change', async () => {
    const current = await content.exportContent(payload)
    const withoutKeys = <T extends { key?: string }>({ key: _key, ...rest }: T) => rest
    const old = {
      ...current,
      version: 1,
      links: [
        ...current.links.map(withoutKeys),
        { title: 'Old A', url: 'https://old.example/', icon: null, isActive: true, order: 50 },
        { title: 'Old B', url: 'https://old.example/', icon: null, isActive: true, order: 51 },
      ],
      shows: current.shows.map(withoutKeys),
      products: current.products.map((p) => ({ ...withoutKeys(p), options: p.options.map(withoutKeys) })),
    }
    const first = await content.importContent(payload, old)
    expect(first.problems).toEqual([])
    expect(first.changes).toEqual([
      { action: 'create', what: 'link https://old.example/' },
      { action: 'create', what: 'link https://old.example/' },
    ])
    expect((await content.importContent(payload, old)).changes).toEqual([])
    old.links.at(-1)!.title = 'Old B, renamed'
    expect((await content.importContent(payload, old, { dryRun: true })).changes).toEqual([
      { action: 'update', what: 'link https://old.example/', fields: ['title'] },
    ])
  })
})

describe('content files with keys', () => {
  it("a record whose key this site lacks updates the look-alike the file does not name, keeping that one's key", async () => {
    const current = await content.exportContent(payload)
    const stored = current.links.find((l) => l.title === 'Old A')!
    const file = structuredClone(current)
    const link = file.links.find((l) => l.key === stored.key)!
    link.key = 'made-on-another-site'
    link.title = 'Old A from elsewhere'
    const result = await content.importContent(payload, file, { replace: true })
    expect(result.changes).toEqual([{ action: 'update', what: 'link https://old.example/', fields: ['title'] }])
    const after = await content.exportContent(payload)
    expect(after.links.find((l) => l.key === stored.key)?.title).toBe('Old A from elsewhere')
    expect(after.links.some((l) => l.key === 'made-on-another-site')).toBe(false)
  })

  it('an option the file puts under another product moves there; --replace deletes the options the file lacks', async () => {
    const file = await content.exportContent(payload)
    const from = file.products.find((p) => p.name === 'Tee')!
    const to = file.products.find((p) => p.name === 'Hoodie')!
    const moved = from.options.pop()!
    to.options.push(moved)
    const dropped = to.options.shift()!
    const result = await content.importContent(payload, file, { replace: true })
    expect(result.changes).toEqual([
      { action: 'update', what: `option Size: ${moved.value} of Hoodie`, fields: ['product'] },
      { action: 'delete', what: `option Size: ${dropped.value} of Hoodie` },
    ])
    const after = await content.exportContent(payload)
    expect(after.products.find((p) => p.key === to.key)!.options).toEqual(to.options)
    expect(after.products.find((p) => p.key === from.key)!.options).toEqual(from.options)
    expect((await content.importContent(payload, file, { replace: true })).changes).toEqual([])
  })
})
