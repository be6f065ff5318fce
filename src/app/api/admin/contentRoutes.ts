import 'server-only'

import type { Link, Product, Release, Show } from '@/payload-types'
import { linkSchema, linkUpdateSchema } from '@/modules/site/contract/link'
import { productSchema, productUpdateSchema } from '@/modules/catalog/contract/product'
import { showSchema, showUpdateSchema } from '@/modules/shows/contract/show'
import { pricingColumns, type PricingInput } from '@/modules/music/contract/pricing'
import { releaseSchema, releaseUpdateSchema } from '@/modules/music/contract/release'

import { serializeAdminProduct } from '@/modules/catalog/contract/serializers'
import { serializeShow } from '@/modules/shows/contract/serializers'
import { serializeRelease } from '@/modules/music/contract/serializers'
import { serializeLink } from '@/modules/site/contract/serializers'

import { collectionRoutes } from '@/platform/http/collectionRoutes'
import { moneyToNumbers } from '@/platform/db/money'

export const links = collectionRoutes<Link, typeof linkSchema, typeof linkUpdateSchema>({
  slug: 'links',
  createSchema: linkSchema,
  updateSchema: linkUpdateSchema,
  serialize: serializeLink,
  sort: ['order', 'title'],
  notFoundMessage: 'Link not found',
})

export const products = collectionRoutes<Product, typeof productSchema, typeof productUpdateSchema>({
  slug: 'products',
  createSchema: productSchema,
  updateSchema: productUpdateSchema,
  serialize: serializeAdminProduct,
  sort: '-createdAt',
  notFoundMessage: 'Product not found',
  toData: (input) => {
    // The API names the included release by its id; Payload's field is the relationship itself.
    const { includesReleaseId, ...rest } = moneyToNumbers('price')(input)
    return includesReleaseId === undefined ? rest : { ...rest, includesRelease: includesReleaseId }
  },
})

export const shows = collectionRoutes<Show, typeof showSchema, typeof showUpdateSchema>({
  slug: 'shows',
  createSchema: showSchema,
  updateSchema: showUpdateSchema,
  serialize: serializeShow,
  sort: 'date',
  notFoundMessage: 'Show not found',
})

/** A release's pricing arrives as {mode, amounts} and is kept as its mode and amounts in cents. */
const releaseData = (input: Record<string, unknown>) => {
  const { pricing, ...rest } = input
  return pricing ? { ...rest, ...pricingColumns(pricing as PricingInput) } : rest
}

export const releases = collectionRoutes<Release, typeof releaseSchema, typeof releaseUpdateSchema>({
  slug: 'releases',
  createSchema: releaseSchema,
  updateSchema: releaseUpdateSchema,
  serialize: serializeRelease,
  sort: ['-releaseDate', 'title'],
  notFoundMessage: 'Release not found',
  toData: releaseData,
})
