import 'server-only'

import type { Link, Product, Show } from '@/payload-types'
import { linkSchema, linkUpdateSchema } from '@/lib/schemas/link'
import { productSchema, productUpdateSchema } from '@/lib/schemas/product'
import { showSchema, showUpdateSchema } from '@/lib/schemas/show'

import { serializeAdminProduct, serializeLink, serializeShow } from '@/lib/serializers'

import { collectionRoutes } from './collectionRoutes'
import { moneyToNumbers } from '../admin/money'

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
  toData: moneyToNumbers('price'),
})

export const shows = collectionRoutes<Show, typeof showSchema, typeof showUpdateSchema>({
  slug: 'shows',
  createSchema: showSchema,
  updateSchema: showUpdateSchema,
  serialize: serializeShow,
  sort: 'date',
  notFoundMessage: 'Show not found',
})
