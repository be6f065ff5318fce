import 'server-only'

import type { CollectionSlug } from 'payload'
import type { z } from 'zod'

import { EDITORS, TEAM } from '@/platform/access/roles'

import { findOr404 } from '@/platform/db/crud'
import { loadedVersionOf, lockUnchanged } from '@/platform/db/version'
import { requireRole } from './auth'
import { assertSameOrigin } from './origin'
import { payloadClient } from '@/platform/db/payload'
import { withTransaction } from '@/platform/db/transaction'

import { handle, json, parseId, readJson } from './index'

type IdParams = { params: Promise<{ id: string }> }

/**
 * The dashboard's list/create/update/delete routes for one collection. The role is checked first
 * (401/403), then the Local API runs with the user and `overrideAccess: false` so the collection's
 * own access rules apply as well. An update that says which version it was loaded at is refused
 * (409) when the record changed since.
 */
export function collectionRoutes<Doc, S extends z.ZodType, U extends z.ZodType>(options: {
  slug: CollectionSlug
  createSchema: S
  updateSchema: U
  serialize: (doc: Doc) => unknown
  sort: string | string[]
  notFoundMessage: string
  /** Turns validated input into the collection's fields (e.g. "19.99" → 19.99 for numeric columns). */
  toData?: (input: Record<string, unknown>) => Record<string, unknown>
}) {
  const { slug, createSchema, updateSchema, serialize, sort, notFoundMessage, toData = (d) => d } = options

  const list = handle(async (request: Request) => {
    const user = await requireRole(request, TEAM)
    const payload = await payloadClient()
    const { docs } = await payload.find({
      collection: slug,
      sort,
      pagination: false,
      depth: 0,
      overrideAccess: false,
      user,
    })
    return json(docs.map((d) => serialize(d as Doc)))
  })

  const create = handle(async (request: Request) => {
    assertSameOrigin(request)
    const user = await requireRole(request, EDITORS)
    const { id: _ignored, ...input } = (await readJson(request, createSchema)) as Record<string, unknown>
    const payload = await payloadClient()
    const doc = await payload.create({
      collection: slug,
      data: toData(input) as never,
      depth: 0,
      overrideAccess: false,
      user,
    })
    return json(serialize(doc as Doc), 201)
  })

  const update = handle(async (request: Request, { params }: IdParams) => {
    assertSameOrigin(request)
    const user = await requireRole(request, EDITORS)
    const id = parseId((await params).id, notFoundMessage)
    const { id: _ignored, updatedAt, ...input } = (await readJson(request, updateSchema)) as Record<string, unknown>
    const loaded = loadedVersionOf(request, updatedAt as string | null | undefined)
    const payload = await payloadClient()
    const doc = await withTransaction(payload, async (tx) => {
      await lockUnchanged(tx, slug.replace(/-/g, '_'), id, loaded, notFoundMessage)
      return payload.update({
        collection: slug,
        id,
        data: toData(input) as never,
        depth: 0,
        overrideAccess: false,
        user,
        req: tx.req,
      })
    })
    return json(serialize(doc as Doc))
  })

  const remove = handle(async (request: Request, { params }: IdParams) => {
    assertSameOrigin(request)
    const user = await requireRole(request, EDITORS)
    const id = parseId((await params).id, notFoundMessage)
    const payload = await payloadClient()
    await findOr404(slug, id, notFoundMessage)
    await payload.delete({ collection: slug, id, depth: 0, overrideAccess: false, user })
    return json({ id, deleted: true })
  })

  return { list, create, update, remove }
}
