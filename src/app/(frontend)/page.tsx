import type { Metadata } from 'next'

import { BandHeader } from '@/components/public/BandHeader'
import { LinkList } from '@/components/public/LinkList'
import { BioCard, MerchCard, NewsletterCard, ShowsCard, SiteFooter } from '@/components/public/Sections'
import { TopBar } from '@/components/public/TopBar'
import type { PublicOption } from '@/lib/publicTypes'
import { serializeJsonLd } from '@/lib/jsonLd'
import { objectImagePath } from '@/lib/publicText'
import { bandStructuredData } from '@/lib/structuredData'
import { siteUrl } from '@/server/env'
import {
  getActiveLinks,
  getBandProfile,
  getPublicOptions,
  getPublicProducts,
  getUpcomingShows,
} from '@/server/publicData'

// Rendered on first request, then served from the cache until a write invalidates what it shows
// (tags on every data read); hourly at the latest, which also drops shows whose date has passed.
export const revalidate = 3600

const DESCRIPTION_LENGTH = 160

function describe(profile: Awaited<ReturnType<typeof getBandProfile>>): string {
  const bio = profile?.bio?.replace(/\s+/g, ' ').trim()
  if (bio) return bio.length > DESCRIPTION_LENGTH ? `${bio.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : bio
  const details = [profile?.genre, profile?.location].filter(Boolean).join(' from ')
  return `${profile?.name ?? 'Band Name'}${details ? ` — ${details}` : ''}: links, upcoming shows and merch.`
}

export async function generateMetadata(): Promise<Metadata> {
  const profile = await getBandProfile()
  const title = profile?.name ?? 'Band Name'
  const description = describe(profile)
  const image = objectImagePath(profile?.profileImageUrl)
  const images = image ? [{ url: image, alt: `${title} profile picture` }] : undefined
  return {
    title,
    description,
    alternates: { canonical: '/' },
    openGraph: { type: 'website', url: '/', siteName: title, title, description, images },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title,
      description,
      images: image ? [image] : undefined,
    },
  }
}

/** Options of every featured product; a product whose read fails gets null and retries in the browser. */
async function readOptions(productIds: string[]): Promise<Record<string, PublicOption[] | null>> {
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

export default async function HomePage() {
  const [profile, links, products, shows] = await Promise.all([
    getBandProfile(),
    getActiveLinks(),
    getPublicProducts(true),
    getUpcomingShows(),
  ])
  const options = await readOptions(products.map((p) => p.id))
  const bandName = profile?.name || 'Band Name'
  const structuredData = bandStructuredData({ siteUrl: siteUrl(), bandName, profile, links, shows, products, options })

  return (
    <>
      <TopBar bandName={bandName} />
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-12 pt-20">
        <BandHeader profile={profile} bandName={bandName} />
        <LinkList links={links} />
        {profile?.bio && <BioCard bio={profile.bio} />}
        {shows.length > 0 && <ShowsCard shows={shows} />}
        <MerchCard products={products} options={options} />
        <NewsletterCard />
      </main>
      <SiteFooter bandName={bandName} />
      {structuredData.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
      ))}
    </>
  )
}
