import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import type { CartItem } from '@/modules/shop/ui/cart/schema'
import { cartTotals } from '@/modules/shop/ui/cart/totals'
import type { CartQuote } from '@/modules/shop/contract/types'
import { totalLines } from '@/modules/shop/contract/cartPrice'
import { dollars } from '@/lib/money'
import { cn } from '@/ui/cn'
import { countryName } from '@/lib/countries'

const lineTotal = (item: CartItem) => cartTotals([item]).subtotal

/** One line of the cart: name, option, quantity and price, and the line's amount. */
function SummaryLine({ item }: { item: CartItem }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3 first:pt-0" data-testid="summary-line">
      <div className="min-w-0">
        <p className="font-semibold break-words">{item.name}</p>
        {item.selectedOption && (
          <p className="text-sm text-muted-foreground">
            {item.selectedOption.name}: {item.selectedOption.value}
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {item.releaseId ? `Digital download, $${item.price}` : `${item.quantity} × $${item.price}`}
        </p>
      </div>
      <p className="whitespace-nowrap tabular-nums">${lineTotal(item)}</p>
    </li>
  )
}

type TotalsProps = {
  items: CartItem[]
  quote: CartQuote | null
  lines: ReturnType<typeof totalLines> | null
  country: string
  updating: boolean
}

/** The quote's lines (subtotal to total), or only the cart's subtotal while the first quote loads. */
function SummaryTotals({ items, quote, lines, country, updating }: TotalsProps) {
  return (
    <dl
      className={cn(
        'grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-border pt-4 text-sm transition-opacity',
        updating && 'opacity-60',
      )}
      aria-busy={updating || undefined}
      data-testid="summary-totals"
    >
      {lines ? (
        lines.map((line) => (
          <div key={`${line.key}:${line.label}`} className="contents">
            <dt className={cn(line.key === 'total' && 'text-base font-bold')}>
              {line.key === 'shipping' ? `Shipping to ${countryName(country)}` : line.label}
            </dt>
            <dd
              className={cn('text-right whitespace-nowrap tabular-nums', line.key === 'total' && 'text-base font-bold')}
              data-testid={`summary-${line.key}`}
            >
              {line.key === 'shipping' && !quote!.shipsToCountry ? 'Not available' : dollars(line.amount)}
            </dd>
          </div>
        ))
      ) : (
        <>
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums" data-testid="summary-subtotal">
            ${cartTotals(items).subtotal}
          </dd>
        </>
      )}
    </dl>
  )
}

/**
 * The order summary: each line with its quantity and amount, then the server's quote for the
 * country chosen and the code applied (subtotal, discount, shipping, total), the same lines the
 * order, the payment, the emails and the success page show. While the first quote loads, the
 * amounts that depend on it say so.
 */
export function OrderSummary({
  items,
  quote,
  country,
  ships = true,
  updating,
}: {
  items: CartItem[]
  quote: CartQuote | null
  country: string
  /** False when the cart holds only downloads: no shipping line. */
  ships?: boolean
  /** A newer quote is on its way (the shown one is for the previous choice). */
  updating: boolean
}) {
  const lines = quote ? totalLines(quote).filter((l) => ships || l.key !== 'shipping') : null
  return (
    <section aria-labelledby="order-summary-title">
      <Card>
        <CardHeader>
          <CardTitle id="order-summary-title">Order Summary</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="divide-y divide-border" aria-label="Items">
            {items.map((item) => (
              <SummaryLine key={item.id} item={item} />
            ))}
          </ul>
          <SummaryTotals items={items} quote={quote} lines={lines} country={country} updating={updating} />
          {/* Outside the list: a term with no description, or with a role of its own, breaks the list for screen readers. */}
          {!lines && (
            <p className="-mt-2 text-sm text-muted-foreground" role="status">
              Calculating shipping and total…
            </p>
          )}
          {quote && !quote.shipsToCountry && (
            <p role="alert" className="text-sm text-[hsl(0,90%,78%)]" data-testid="summary-not-shipped">
              Sorry, we don&apos;t ship to {countryName(country)} yet.
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
