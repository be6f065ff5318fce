'use client'

import { ImageOff, Music } from 'lucide-react'
import type { ComponentProps } from 'react'
import { lazy, Suspense, useEffect, useState } from 'react'

import { useCart, useCartHydrated } from '@/modules/shop/ui/cart/useCart.client'
import { Button } from '@/ui/button'
import { useLazyDialog } from '@/ui/lazy-dialog.client'
import { toast } from '@/ui/use-toast.client'
import { cn } from '@/ui/cn'
import { preorderLabel, sellableUnits } from '@/modules/stock/contract/preorder'
import {
  addedToCartMessage,
  addToCartState,
  formatAdjustment,
  type OptionsState,
} from '@/modules/site/contract/publicText'

import type { ProductOption, Product } from '@/modules/catalog/contract/types'

import { BackInStockForm } from './BackInStockForm.client'

const loadImageDialog = () => import('./ImageDialog.client')
const ImageDialog = lazy(loadImageDialog)

/** <img> attributes (resized srcset, lazy) made on the server, for the card and the enlarged dialog. */
export type ProductImage = { card: ComponentProps<'img'>; large: ComponentProps<'img'> }

type Props = {
  product: Product
  /** The product's options as read on the server; null when that read failed (retried here). */
  initialOptions: ProductOption[] | null
  /** Null without an image. */
  image: ProductImage | null
}

/** The options of a product whose server read failed, fetched once in the browser. */
function useProductOptions(productId: string, initial: ProductOption[] | null) {
  const [state, setState] = useState<{ status: OptionsState; options: ProductOption[] }>(
    initial ? { status: 'ready', options: initial } : { status: 'loading', options: [] },
  )
  useEffect(() => {
    if (initial) return
    let cancelled = false
    fetch(`/api/products/${encodeURIComponent(productId)}/options`, { signal: AbortSignal.timeout(8000) })
      .then((res) => (res.ok ? (res.json() as Promise<ProductOption[]>) : Promise.reject(res.status)))
      // A failure shows on the button ('Loading Options...'); the network panel tells why.
      .then(
        (options) => !cancelled && setState({ status: 'ready', options }),
        () => !cancelled && setState({ status: 'failed', options: [] }),
      )
    return () => {
      cancelled = true
    }
  }, [productId, initial])
  return state
}

function Placeholder({ failed, className }: { failed?: boolean; className?: string }) {
  const Icon = failed ? ImageOff : Music
  return (
    <div
      aria-hidden="true"
      className={cn('flex items-center justify-center bg-gradient-to-br from-primary/40 to-accent/30', className)}
    >
      <Icon className="size-12 opacity-80" />
    </div>
  )
}

const unavailable = (o: Product | ProductOption) => sellableUnits(o.inventory, o.preorder) <= 0

/** The pre-order's ship date: the product's, the chosen size's, or the one all its sizes share. */
function shipDateOf(product: Product, options: ProductOption[], selected: ProductOption | null) {
  const shipDays = new Set(options.map((o) => o.preorder?.shipsOn ?? ''))
  const shipsOn =
    options.length === 0
      ? product.preorder?.shipsOn
      : selected
        ? selected.preorder?.shipsOn
        : shipDays.size === 1
          ? options[0]!.preorder?.shipsOn
          : undefined
  return { shipsOn, mixedShipDays: shipDays.size > 1 }
}

/** The card's state: options, chosen size, sold-out and pre-order state, the button, and adding to the cart. */
function useProductCard(product: Product, initialOptions: ProductOption[] | null) {
  const add = useCart((s) => s.add)
  const live = useCartHydrated()
  const { status, options } = useProductOptions(product.id, initialOptions)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const selected = options.find((o) => o.id === selectedId) ?? null
  const soldOut = status === 'ready' && (options.length > 0 ? options.every(unavailable) : unavailable(product))
  // Sizes a fan can wait for: the sold-out ones (none for a product without sizes, which waits whole).
  const waitable = status === 'ready' ? options.filter(unavailable) : []
  const { shipsOn, mixedShipDays } = shipDateOf(product, options, selected)
  const button = soldOut
    ? { label: 'Sold Out', disabled: true }
    : addToCartState({
        options: live ? status : 'loading',
        hasOptions: options.length > 0,
        selected: selected !== null,
      })

  const onAdd = () => {
    add({
      productId: product.id,
      name: product.name,
      basePrice: product.price,
      imageUrl: product.imageUrl,
      selectedOption: selected
        ? { id: selected.id, name: selected.name, value: selected.value, priceAdjustment: selected.priceAdjustment }
        : null,
    })
    toast({ title: 'Added to cart', description: addedToCartMessage(product.name, selected?.value) })
  }
  return { live, options, selectedId, setSelectedId, soldOut, waitable, shipsOn, mixedShipDays, button, onAdd }
}

/** The product's image, a button that enlarges it in a dialog; a placeholder without an image or when it fails. */
function ProductCardImage({ product, image, live }: { product: Product; image: ProductImage | null; live: boolean }) {
  const [imageFailed, setImageFailed] = useState(false)
  const imageDialog = useLazyDialog(loadImageDialog)
  if (!image || imageFailed) return <Placeholder failed={imageFailed} className="aspect-square w-full" />
  return (
    <>
      <button
        type="button"
        className="group relative block aspect-square w-full cursor-zoom-in overflow-hidden disabled:cursor-default"
        aria-label={`Enlarge image of ${product.name}`}
        disabled={!live}
        {...imageDialog.triggerProps}
      >
        {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text */}
        <img
          {...image.card}
          ref={(img) => {
            // A load error before hydration fires no onError: check once mounted.
            if (img?.complete && img.naturalWidth === 0) setImageFailed(true)
          }}
          className="absolute inset-0 size-full object-cover transition-transform group-hover:scale-105"
          onError={() => setImageFailed(true)}
        />
      </button>
      {imageDialog.mounted && (
        <Suspense fallback={null}>
          <ImageDialog
            open={imageDialog.open}
            onOpenChange={imageDialog.setOpen}
            onCloseAutoFocus={imageDialog.returnFocus}
            title={product.name}
            description={`$${product.price}`}
            image={image.large}
          />
        </Suspense>
      )}
    </>
  )
}

type OptionPickerProps = {
  productId: string
  options: ProductOption[]
  selectedId: string | null
  onSelect: (id: string) => void
  live: boolean
  /** The sizes ship on different days: each pre-order size says so. */
  mixedShipDays: boolean
}

/** The size picker: one radio per option, sold-out ones struck through and disabled. */
function OptionPicker({ productId, options, selectedId, onSelect, live, mixedShipDays }: OptionPickerProps) {
  return (
    <fieldset className="mt-auto">
      <legend className="mb-2 text-sm font-semibold">{options[0]!.name}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const adjustment = formatAdjustment(option.priceAdjustment)
          const out = unavailable(option)
          return (
            <label
              key={option.id}
              className={cn(
                'relative inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center rounded-md border border-border px-3 text-sm font-semibold',
                'has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground',
                'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring',
                out && 'cursor-not-allowed line-through opacity-60',
                !live && 'cursor-wait',
              )}
            >
              <input
                type="radio"
                name={`option-${productId}`}
                value={option.id}
                checked={selectedId === option.id}
                disabled={out || !live}
                onChange={() => onSelect(option.id)}
                className="sr-only"
              />
              {option.value}
              {adjustment && <span className="ml-1 font-normal">{adjustment}</span>}
              {out && <span className="sr-only"> (sold out)</span>}
              {!out && option.preorder && mixedShipDays && <span className="ml-1 font-normal">(pre-order)</span>}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

/**
 * A featured product: image (enlarges in a dialog), option picker and the add-to-cart button. Until
 * the page's script is live and the saved cart is read, the button shows the first state
 * ('Loading...', disabled) and the sizes cannot be chosen, so no click is lost.
 */
export function ProductCard({ product, initialOptions, image }: Props) {
  const card = useProductCard(product, initialOptions)
  const { live, options, soldOut, shipsOn, button } = card
  const picker = options.length > 0 && !soldOut
  return (
    <li
      className="flex flex-col overflow-hidden rounded-md border border-border bg-foreground/5"
      data-testid="product-card"
    >
      <ProductCardImage product={product} image={image} live={live} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-heading text-lg font-bold leading-snug">{product.name}</h3>
          <span className="font-semibold tabular-nums">${product.price}</span>
        </div>
        {soldOut && (
          <span className="self-start rounded-full bg-foreground/10 px-2.5 py-0.5 text-xs font-semibold">Sold out</span>
        )}
        {shipsOn && !soldOut && (
          <span
            className="self-start rounded-full bg-primary/15 px-2.5 py-0.5 text-xs font-semibold"
            data-testid="preorder-note"
          >
            {preorderLabel(shipsOn)}
          </span>
        )}
        {product.description && <p className="text-sm text-muted-foreground">{product.description}</p>}
        {picker && (
          <OptionPicker
            productId={product.id}
            options={options}
            selectedId={card.selectedId}
            onSelect={card.setSelectedId}
            live={live}
            mixedShipDays={card.mixedShipDays}
          />
        )}
        <Button className={cn('w-full', !picker && 'mt-auto')} disabled={button.disabled} onClick={card.onAdd}>
          {button.label}
        </Button>
        {(soldOut || card.waitable.length > 0) && (
          <BackInStockForm
            productId={product.id}
            productName={product.name}
            sizes={card.waitable.map((o) => ({ id: o.id, value: o.value }))}
          />
        )}
      </div>
    </li>
  )
}
