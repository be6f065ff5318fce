import { getImageProps } from 'next/image'

import { Island } from './islands/Island'
import { serializeJsonLd } from '@/lib/jsonLd'
import { objectImagePath } from '@/modules/site/contract/publicText'
import type { ProductOption, Product } from '@/modules/catalog/contract/types'
import type { Show } from '@/modules/shows/contract/types'
import type { PublicRelease } from '@/modules/music/contract/publicPage'
import type { BandProfile, LinkItem } from '@/modules/site/contract/types'
import { bandStructuredData } from '@/modules/site/server/structuredData'

import { BandHeader } from './components/BandHeader'
import { LinkList } from './components/LinkList'
import { BioCard, MerchCard, MusicCard, NewsletterCard, ShowsCard, SiteFooter } from './components/Sections'
import { TopBar } from './components/TopBar'

export type LandingPageData = {
  siteUrl: string
  profile: BandProfile | null
  links: LinkItem[]
  products: Product[]
  /** Each featured product's options; null where the read failed (the browser retries). */
  options: Record<string, ProductOption[] | null>
  shows: Show[]
  /** The newest active release with a ready track, or null (then the page has no Music section). */
  release: PublicRelease | null
}

/** The public page's body: static markup, with its interactive parts as islands. */
export function LandingPage({ siteUrl, profile, links, products, options, shows, release }: LandingPageData) {
  const bandName = profile?.name || 'Band Name'
  const structuredData = bandStructuredData({ siteUrl, bandName, profile, links, shows, products, options })
  return (
    <>
      <TopBar bandName={bandName} />
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-12 pt-20">
        <BandHeader profile={profile} bandName={bandName} />
        <LinkList links={links} />
        {profile?.bio && <BioCard bio={profile.bio} />}
        {shows.length > 0 && <ShowsCard shows={shows} />}
        {release && <MusicCard release={release} />}
        <MerchCard
          products={products.map((product) => ({
            product,
            options: options[product.id] ?? null,
            image: productImage(product),
          }))}
        />
        <NewsletterCard />
      </main>
      <SiteFooter bandName={bandName} />
      <Island name="Toasts" props={{}} />
      {structuredData.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
      ))}
    </>
  )
}

/** Resized, lazily loaded versions of a product's image for the card and the enlarged dialog. */
function productImage(product: Product) {
  const src = objectImagePath(product.imageUrl)
  if (!src) return null
  const props = (sizes: string) => {
    const { style: _style, ...rest } = getImageProps({ src, alt: product.name, fill: true, sizes }).props
    return rest
  }
  return { card: props('(max-width: 640px) 100vw, 370px'), large: props('(max-width: 800px) 100vw, 720px') }
}
