import { ArrowLeft } from 'lucide-react'
import type { Metadata } from 'next'
import Link from 'next/link'

import { Checkout } from '@/modules/shop/ui/checkout/Checkout.client'

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } }

/** The checkout: the cart is in the browser, so everything below the heading renders there. */
export default function CheckoutPage() {
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <Link
        href="/"
        className="mb-4 inline-flex items-center gap-2 rounded-sm text-sm text-muted-foreground no-underline hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Shop
      </Link>
      <h1 className="mb-6 font-heading text-3xl font-bold tracking-tight">Checkout</h1>
      <Checkout />
    </main>
  )
}
