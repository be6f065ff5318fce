'use client'

import { useId, useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { toast } from '@/ui/use-toast.client'
import { BACK_IN_STOCK_RESULTS } from '@/modules/stock/contract/backInStockResult'

import { submitJson } from './submitJson'

const { saved, failed } = BACK_IN_STOCK_RESULTS

const field =
  'h-10 min-w-0 rounded-md border border-border bg-background px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring'

type Props = {
  productId: string
  productName: string
  /** The sold-out sizes to choose from; empty for a product without sizes. */
  sizes: { id: string; value: string }[]
}

/**
 * "Email me when it's back" under a sold-out size or product: an address, and the size when there
 * are several. A native disclosure and a native form, so it works before the page's script; with
 * the script it posts JSON and answers with a toast: the server's words for a refusal, the
 * result page's text when there are none (no network).
 */
export function BackInStockForm({ productId, productName, sizes }: Props) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [size, setSize] = useState(sizes[0]?.id ?? '')
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    const refusal = await submitJson(`/api/products/${encodeURIComponent(productId)}/notify`, {
      email,
      productOptionId: sizes.length > 0 ? size : null,
    })
    setBusy(false)
    if (refusal === null) {
      setEmail('')
      toast(saved)
    } else {
      toast({ variant: 'destructive', title: failed.title, description: refusal || failed.description })
    }
  }

  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold underline underline-offset-4">
        Email me when it&apos;s back
      </summary>
      <form
        method="post"
        action={`/api/products/${encodeURIComponent(productId)}/notify`}
        onSubmit={onSubmit}
        className="mt-2 flex flex-col gap-2"
        aria-label={`Email me when ${productName} is back`}
      >
        {sizes.length > 0 && (
          <>
            <label htmlFor={`${id}-size`} className="font-semibold">
              Size
            </label>
            <select
              id={`${id}-size`}
              name="productOptionId"
              value={size}
              onChange={(event) => setSize(event.target.value)}
              className={field}
            >
              {sizes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.value}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={field}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Saving...' : 'Notify me'}
        </Button>
      </form>
    </details>
  )
}
