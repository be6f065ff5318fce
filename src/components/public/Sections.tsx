import { getImageProps } from 'next/image'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

import { objectImagePath } from '@/lib/publicText'

import { BioText } from './BioCard.client'
import { NewsletterForm } from './NewsletterForm.client'
import { ProductCard } from './ProductCard.client'
import { ShowItem } from './ShowItem.client'
import type { PublicOption, PublicProduct, PublicShow } from '@/lib/publicTypes'

export function BioCard({ bio }: { bio: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>About</CardTitle>
      </CardHeader>
      <CardContent>
        <BioText bio={bio} />
      </CardContent>
    </Card>
  )
}

/** Shown only when there are upcoming shows. */
export function ShowsCard({ shows }: { shows: PublicShow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="shows-heading">Upcoming Shows</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="shows-heading" className="grid gap-2">
          {shows.map((show) => (
            <ShowItem key={show.id} show={show} />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

export function MerchCard({
  products,
  options,
}: {
  products: PublicProduct[]
  options: Record<string, PublicOption[] | null>
}) {
  return (
    <Card id="merch">
      <CardHeader>
        <CardTitle id="merch-heading">Featured Merch</CardTitle>
      </CardHeader>
      <CardContent>
        {products.length === 0 ? (
          <p className="text-muted-foreground">No featured products available yet.</p>
        ) : (
          <ul aria-labelledby="merch-heading" className="grid gap-4 sm:grid-cols-2">
            {products.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                initialOptions={options[product.id] ?? null}
                image={productImage(product)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** Resized, lazily loaded versions of a product's image for the card and the enlarged dialog. */
function productImage(product: PublicProduct) {
  const src = objectImagePath(product.imageUrl)
  if (!src) return null
  const props = (sizes: string) => {
    const { style: _style, ...rest } = getImageProps({ src, alt: product.name, fill: true, sizes }).props
    return rest
  }
  return { card: props('(max-width: 640px) 100vw, 370px'), large: props('(max-width: 800px) 100vw, 720px') }
}

export function NewsletterCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stay Updated</CardTitle>
        <CardDescription>Get news about shows, releases and merch in your inbox.</CardDescription>
      </CardHeader>
      <CardContent>
        <NewsletterForm />
      </CardContent>
    </Card>
  )
}

export function SiteFooter({ bandName }: { bandName: string }) {
  return (
    <footer className="border-t border-border bg-background/90 py-8 text-sm">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-3 px-4 text-center">
        <nav aria-label="Legal">
          <ul className="flex gap-6">
            <li>
              <a href="#" className="underline-offset-4 hover:underline">
                Privacy
              </a>
            </li>
            <li>
              <a href="#" className="underline-offset-4 hover:underline">
                Terms
              </a>
            </li>
            <li>
              <a href="#" className="underline-offset-4 hover:underline">
                Contact
              </a>
            </li>
          </ul>
        </nav>
        <p className="text-muted-foreground">© 2024 {bandName}. All rights reserved.</p>
      </div>
    </footer>
  )
}
