import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import type { MerchShow, Settlement } from '@/modules/merchTable/contract/merchTypes'
import { dollars } from '@/lib/money'

/** The show's settlement: the takings, units sold, what sold beyond the stock and what went missing. */
export function SettlementCard({ show, settlement: s }: { show: MerchShow; settlement: Settlement }) {
  const figures: [string, string | null][] = [
    ['Gross sales', s.gross],
    ['Cash', s.cash],
    ['Card', s.card],
    ['Discounts', s.discounts],
    ['Comps', s.comps],
    [`Venue cut (${s.venueCutPercent}%)`, s.venueCut],
    ['Net', s.net],
    ['Expected cash', s.expectedCash],
    ['Cash counted', s.cashCounted],
    ['Cash over (short)', s.cashDifference],
  ]
  const flagged = s.lines.filter((l) => l.oversold > 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settlement</CardTitle>
        <CardDescription>
          {s.sales} sales, {s.voids} voided.{' '}
          <a className="underline" href={`/api/admin/shows/${show.id}/settlement?format=csv`}>
            Download CSV
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2 md:grid-cols-3" data-testid="settlement-figures">
          {figures.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2 border-b border-border py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-semibold whitespace-nowrap tabular-nums">
                {value === null ? 'not counted' : dollars(value)}
              </dd>
            </div>
          ))}
        </dl>
        {s.lines.length > 0 && <SettlementLines lines={s.lines} />}
        {flagged.length > 0 && (
          <div role="alert" className="rounded-md border border-amber-500 p-3 text-sm">
            Sold beyond the stock the table had: {flagged.map((l) => `${l.title} (${l.oversold})`).join(', ')}. Check
            the stock of these items.
          </div>
        )}
        {s.shrinkage.length > 0 && (
          <p className="text-sm">
            Shrinkage (missing from the box): {s.shrinkage.map((l) => `${l.title}: ${l.quantity}`).join(', ')}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

/** Units sold per product and size. */
function SettlementLines({ lines }: { lines: Settlement['lines'] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Units sold per product and size</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Sold</th>
          <th scope="col">Comped</th>
          <th scope="col">Gross</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.productOptionId ?? l.productId ?? l.releaseId}>
            <th scope="row" className="font-normal">
              {l.title}
            </th>
            <td>{l.sold}</td>
            <td>{l.comped}</td>
            <td className="whitespace-nowrap tabular-nums">{dollars(l.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
