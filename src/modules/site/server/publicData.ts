// No 'server-only' import: the landing page's getStaticProps (src/pages, where that marker is
// refused) reads through this module. The lint layering keeps it out of browser code.

import { createHash } from 'node:crypto'

import { unstable_cache } from 'next/cache'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { THEME_DEFAULTS } from '@/modules/site/contract/themeValues'

import { payloadClient } from '@/platform/db/payload'
import { serializeOption, serializeProduct } from '@/modules/catalog/contract/serializers'
import { serializeShow } from '@/modules/shows/contract/serializers'
import { publicReleasesWithTracks } from '@/modules/music'
import { serializeBandProfile, serializeLink, serializeTheme } from '@/modules/site/contract/serializers'

/**
 * Everything the public sees, read as an anonymous visitor (access rules apply) and cached under
 * the tags that every write to that content invalidates (on every instance, see sharedCache.mjs).
 * The hourly revalidation is only a backstop; it also drops shows whose date has passed.
 */
export const PUBLIC_REVALIDATE_SECONDS = 3600
const REVALIDATE_SECONDS = PUBLIC_REVALIDATE_SECONDS
/** Cache keys are scoped to the database, so servers on different databases never share data. */
const DB_SCOPE = createHash('sha256')
  .update(process.env.DATABASE_URL ?? '')
  .digest('hex')
  .slice(0, 16)
const anonymous = { overrideAccess: false, user: null } as const

/**
 * `next build` renders the public pages once with no database behind it; that copy is never
 * served (the cache handler starts empty, so the first request renders from the database).
 */
const building = () => process.env.NEXT_PHASE === 'phase-production-build'

export const getBandProfile = unstable_cache(
  async () => {
    if (building()) return null
    const payload = await payloadClient()
    return serializeBandProfile(await payload.findGlobal({ slug: 'band-profile', depth: 0, ...anonymous }))
  },
  [DB_SCOPE, 'band-profile'],
  { tags: [CACHE_TAGS.bandProfile], revalidate: REVALIDATE_SECONDS },
)

export const getActiveLinks = unstable_cache(
  async () => {
    if (building()) return []
    const payload = await payloadClient()
    const { docs } = await payload.find({
      collection: 'links',
      where: { isActive: { equals: true } },
      sort: ['order', 'title'],
      pagination: false,
      depth: 0,
      ...anonymous,
    })
    return docs.map(serializeLink)
  },
  [DB_SCOPE, 'links'],
  { tags: [CACHE_TAGS.links], revalidate: REVALIDATE_SECONDS },
)

export const getPublicProducts = unstable_cache(
  async (featuredOnly: boolean) => {
    if (building()) return []
    const payload = await payloadClient()
    const { docs } = await payload.find({
      collection: 'products',
      where: featuredOnly
        ? { and: [{ isActive: { equals: true } }, { isFeatured: { equals: true } }] }
        : { isActive: { equals: true } },
      sort: 'createdAt',
      pagination: false,
      depth: 0,
      ...anonymous,
    })
    return docs.map(serializeProduct)
  },
  [DB_SCOPE, 'products'],
  { tags: [CACHE_TAGS.products], revalidate: REVALIDATE_SECONDS },
)

/** Active options of an active product; null when the product is unknown or inactive. */
export const getPublicOptions = unstable_cache(
  async (productId: string) => {
    if (building()) return []
    const payload = await payloadClient()
    const product = await payload.find({
      collection: 'products',
      where: { and: [{ id: { equals: productId } }, { isActive: { equals: true } }] },
      limit: 1,
      depth: 0,
      ...anonymous,
    })
    if (product.docs.length === 0) return null
    const { docs } = await payload.find({
      collection: 'product-options',
      where: { and: [{ productId: { equals: productId } }, { isActive: { equals: true } }] },
      sort: 'createdAt',
      pagination: false,
      depth: 0,
      ...anonymous,
    })
    return docs.map(serializeOption)
  },
  [DB_SCOPE, 'product-options'],
  { tags: [CACHE_TAGS.productOptions, CACHE_TAGS.products], revalidate: REVALIDATE_SECONDS },
)

/** Active shows dated today (UTC) or later, soonest first. */
export const getUpcomingShows = unstable_cache(
  async () => {
    if (building()) return []
    const payload = await payloadClient()
    const now = new Date()
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString()
    const { docs } = await payload.find({
      collection: 'shows',
      where: { and: [{ isActive: { equals: true } }, { date: { greater_than_equal: today } }] },
      sort: 'date',
      pagination: false,
      depth: 0,
      ...anonymous,
    })
    return docs.map(serializeShow)
  },
  [DB_SCOPE, 'shows'],
  { tags: [CACHE_TAGS.shows], revalidate: REVALIDATE_SECONDS },
)

/** Every active show, past and upcoming, by date: the shows pages and the calendar feed. */
export const getPublicShows = unstable_cache(
  async () => {
    if (building()) return []
    const payload = await payloadClient()
    const { docs } = await payload.find({
      collection: 'shows',
      where: { isActive: { equals: true } },
      sort: ['date', 'startsAt', 'createdAt'],
      pagination: false,
      depth: 0,
      ...anonymous,
    })
    return docs.map(serializeShow)
  },
  [DB_SCOPE, 'all-shows'],
  { tags: [CACHE_TAGS.shows], revalidate: REVALIDATE_SECONDS },
)

/** Active releases, newest first, with their ready tracks: the music pages and the landing page's Music section. */
export const getPublicReleases = unstable_cache(
  async () => (building() ? [] : publicReleasesWithTracks(await payloadClient())),
  [DB_SCOPE, 'releases'],
  { tags: [CACHE_TAGS.releases], revalidate: REVALIDATE_SECONDS },
)

/** Theme for the public (never the private notification addresses). */
export const getPublicTheme = unstable_cache(
  async () => {
    if (building()) return serializeTheme({ ...THEME_DEFAULTS } as never)
    const payload = await payloadClient()
    const theme = await payload.findGlobal({ slug: 'theme-settings', depth: 0, ...anonymous })
    return serializeTheme({ ...THEME_DEFAULTS, ...stripNulls(theme) } as typeof theme)
  },
  [DB_SCOPE, 'theme-settings'],
  { tags: [CACHE_TAGS.themeSettings], revalidate: REVALIDATE_SECONDS },
)

/** The theme for a page's styles; when it cannot be read, null (the page shows the default theme). */
export async function getPublicThemeOrDefault(): Promise<Awaited<ReturnType<typeof getPublicTheme>> | null> {
  try {
    return await getPublicTheme()
  } catch (error) {
    console.error('Could not read the theme settings; showing the default theme:', error)
    return null
  }
}

function stripNulls<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>
}
