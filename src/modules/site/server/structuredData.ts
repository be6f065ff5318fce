import type { ProductOption, Product } from '@/modules/catalog/contract/types'
import type { Show } from '@/modules/shows/contract/types'
import type { BandProfile, LinkItem } from '@/modules/site/contract/types'

import { sellableUnits } from '@/modules/stock/contract/preorder'
import { objectImagePath } from '../contract/publicText'
import { showMusicEvent } from '@/modules/shows/contract/showEvent'

type Input = {
  siteUrl: string
  bandName: string
  profile: BandProfile | null
  links: LinkItem[]
  shows: Show[]
  products: Product[]
  options: Record<string, ProductOption[] | null>
}

const absolute = (siteUrl: string, path: string | null) => (path ? new URL(path, `${siteUrl}/`).toString() : undefined)

/** schema.org JSON-LD: the band (MusicGroup), its upcoming shows (MusicEvent) and featured merch (Product). */
export function bandStructuredData({ siteUrl, bandName, profile, links, shows, products, options }: Input): object[] {
  const home = `${siteUrl}/`
  const band = {
    '@type': 'MusicGroup',
    '@id': `${home}#band`,
    name: bandName,
    url: home,
    ...(profile?.genre ? { genre: profile.genre } : {}),
    ...(profile?.bio ? { description: profile.bio } : {}),
    ...(profile?.location ? { foundingLocation: { '@type': 'Place', name: profile.location } } : {}),
    ...(objectImagePath(profile?.profileImageUrl)
      ? { image: absolute(siteUrl, objectImagePath(profile?.profileImageUrl)) }
      : {}),
    sameAs: links.map((l) => l.url).filter((url) => /^https?:\/\//i.test(url)),
  }
  const bandImage = objectImagePath(profile?.profileImageUrl)
  const image = bandImage ? absolute(siteUrl, bandImage) : undefined
  const events = shows.map((show) => showMusicEvent(show, { siteUrl, bandName, image }))
  const merch = products.map((product) => {
    const productOptions = options[product.id] ?? []
    const items = productOptions.length > 0 ? productOptions : [product]
    const inStock = items.some((o) => o.inventory > 0 && !o.preorder)
    const preorder = !inStock && items.some((o) => o.preorder && sellableUnits(o.inventory, o.preorder) > 0)
    const image = objectImagePath(product.imageUrl)
    return {
      '@type': 'Product',
      name: product.name,
      ...(product.description ? { description: product.description } : {}),
      ...(product.category ? { category: product.category } : {}),
      ...(image ? { image: absolute(siteUrl, image) } : {}),
      brand: { '@id': `${home}#band` },
      offers: {
        '@type': 'Offer',
        price: product.price,
        priceCurrency: 'USD',
        availability: inStock
          ? 'https://schema.org/InStock'
          : preorder
            ? 'https://schema.org/PreOrder'
            : 'https://schema.org/OutOfStock',
        url: `${home}#merch`,
      },
    }
  })
  return [
    { '@context': 'https://schema.org', ...band },
    ...[...events, ...merch].map((item) => ({ '@context': 'https://schema.org', ...item })),
  ]
}
