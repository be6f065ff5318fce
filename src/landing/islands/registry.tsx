import { useEffect, type ComponentProps, type ReactNode } from 'react'

import { LazyToaster } from '@/ui/lazy-toaster.client'
import { AdminLogin } from '../components/AdminLogin.client'
import { BioText } from '../components/BioCard.client'
import { CartPanel } from '@/modules/shop/ui/cart/CartPanel.client'
import { MusicTracks, type MusicTracksProps } from '../components/MusicTracks.client'
import { NewsletterForm } from '../components/NewsletterForm.client'
import { ReleaseBuy, type ReleaseBuyProps } from '../components/ReleaseBuy.client'
import { ProductCard, type ProductImage } from '../components/ProductCard.client'
import { ShowToggle, type ShowToggleProps } from '../components/ShowToggle.client'
import type { ProductOption, Product } from '@/modules/catalog/contract/types'

/**
 * The interactive parts of the landing page. The page itself is static HTML; each of these is
 * rendered into it on the server and hydrated in the browser as a root of its own, by a small
 * script instead of the framework's client runtime (see ./hydrate.tsx).
 */
export const ISLANDS = {
  /** The top bar's cart button (with its panel) and admin-login button. */
  TopBarActions: () => (
    <>
      <CartPanel />
      <AdminLogin />
    </>
  ),
  Bio: ({ bio }: { bio: string }) => <BioText bio={bio} />,
  /** One show's toggle in the Upcoming Shows card (its details are static HTML beside it). */
  ShowToggle: (props: ShowToggleProps) => <ShowToggle {...props} />,
  Merch: ({
    products,
  }: {
    products: { product: Product; options: ProductOption[] | null; image: ProductImage | null }[]
  }) => (
    <ul aria-labelledby="merch-heading" className="grid gap-4 sm:grid-cols-2">
      {products.map(({ product, options, image }) => (
        <ProductCard key={product.id} product={product} initialOptions={options} image={image} />
      ))}
    </ul>
  ),
  Newsletter: () => <NewsletterForm />,
  /** A release's track list and its player (the player's code loads on first play). */
  MusicTracks: (props: MusicTracksProps) => <MusicTracks {...props} />,
  /** A release's Buy button (with the amount a fan names for a name-your-price release). */
  ReleaseBuy: (props: ReleaseBuyProps) => <ReleaseBuy {...props} />,
  /** Toasts shown by any of the others. */
  Toasts: () => <LazyToaster />,
}

export type IslandName = keyof typeof ISLANDS
export type IslandProps<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]>

/** The attribute that marks an island's element; its props travel as JSON in `data-props`. */
export const ISLAND_ATTRIBUTE = 'data-island'

/** Ids made by useId inside an island start with this, so two roots never make the same one. */
export const islandIdPrefix = (name: IslandName) => `${name}-`

/** Wraps every island's root, on the server and in the browser alike (the same tree, the same ids). */
export function IslandRoot({ children, onCommit }: { children: ReactNode; onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit])
  return children
}
