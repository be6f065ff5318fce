'use client'

import { useId, useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast.client'

type Props = {
  productId: string
  productName: string
  /** The sold-out sizes to choose from; empty for a product without sizes. */
  sizes: { id: string; value: string }[]
}

const field =
  'h-10 min-w-0 rounded-md border border-border bg-background px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring'

/**
 * "Email me when it's back" under a sold-out size or product: an address, and the size when there
 * are several. A native disclosure and a native form, so it works before the page's script; with
 * the script it posts JSON and answers with a toast.
 */
export function BackInStockForm({ productId, productName, sizes }: Props) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [size, setSize] = useState(sizes[0]?.id ?? '')
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    try {
      const res = await fetch(`/api/products/${encodeURIComponent(productId)}/notify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, productOptionId: sizes.length > 0 ? size : null }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null
        throw new Error(
          res.status === 429 && body?.message ? body.message : 'Could not save your request. Please try again.',
        )
      }
      setEmail('')
      toast({ title: "We'll email you", description: "We'll send you one email when it's back in stock." })
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: (error as Error).message })
    } finally {
      setBusy(false)
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
