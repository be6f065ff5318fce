import fs from 'node:fs'
import path from 'node:path'

import type { GetStaticProps } from 'next'

import type { HomePageProps } from '../HomePage'
import { ISLANDS_MANIFEST, type IslandsManifest } from '../manifest'
import type { ProductOption } from '@/modules/catalog/contract/types'
import { siteUrl } from '@/platform/runtime/env'
import {
  getActiveLinks,
  getBandProfile,
  getPublicOptions,
  getPublicProducts,
  getPublicReleases,
  getUpcomingShows,
  PUBLIC_REVALIDATE_SECONDS,
} from '@/modules/site/server/publicData'

/** Options of every featured product; a product whose read fails gets null and retries in the browser. */
async function readOptions(productIds: string[]): Promise<Record<string, ProductOption[] | null>> {
  const entries = await Promise.all(
    productIds.map(async (id) => {
      try {
        return [id, await getPublicOptions(id)] as const
      } catch (error) {
        console.error(`Could not read the options of product ${id}:`, error)
        return [id, null] as const
      }
    }),
  )
  return Object.fromEntries(entries)
}

/** Which built script hydrates the islands (scripts/build-islands.ts); null if it was not built. */
export function readIslandsManifest(): IslandsManifest | null {
  try {
    // `next dev` builds into .next/dev, where the launcher's development build of the script goes too.
    const distDir = process.env.NODE_ENV === 'development' ? path.join('.next', 'dev') : '.next'
    return JSON.parse(fs.readFileSync(path.join(process.cwd(), distDir, ISLANDS_MANIFEST), 'utf8')) as IslandsManifest
  } catch {
    if (process.env.NEXT_PHASE !== 'phase-production-build')
      console.error('The landing page script is not built (npm run build builds it); the page is not interactive.')
    return null
  }
}

/** The public page's data, from the cached public reads. */
export const getLandingProps: GetStaticProps<HomePageProps> = async () => {
  const [profile, links, products, shows, releases] = await Promise.all([
    getBandProfile(),
    getActiveLinks(),
    getPublicProducts(true),
    getUpcomingShows(),
    getPublicReleases(),
  ])
  const options = await readOptions(products.map((p) => p.id))
  const props: HomePageProps = {
    siteUrl: siteUrl(),
    profile,
    links,
    products,
    options,
    shows,
    release: releases.find((r) => r.tracks.length > 0) ?? null,
    islands: readIslandsManifest(),
  }
  // Page props must be plain JSON (no undefined).
  return { props: JSON.parse(JSON.stringify(props)) as HomePageProps, revalidate: PUBLIC_REVALIDATE_SECONDS }
}
