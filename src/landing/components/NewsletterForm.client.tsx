'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast.client'
import { NEWSLETTER_RESULTS } from '@/lib/newsletterResult'

const { subscribed, failed } = NEWSLETTER_RESULTS

/** The server's own words for a refused sign-up: the address's field message, else its message. */
async function refusal(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown; errors?: { email?: unknown } }
    const text = body.errors?.email ?? body.message
    return typeof text === 'string' && text.trim() ? text : null
  } catch {
    return null
  }
}

/**
 * The newsletter sign-up: browser-validated email, a toast either way, input cleared on success.
 * A refusal shows the server's message as it is (an address the browser takes but the server
 * does not, the rate limit); the spec's text is for when there is none (no network).
 * Without the page's script the form posts natively and the server answers with a result page.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    let message: string | null = null
    try {
      const res = await fetch('/api/newsletter/subscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) {
        message = await refusal(res)
        throw new Error(`${res.status}: ${message ?? res.statusText}`)
      }
      setEmail('')
      toast({ title: subscribed.title, description: `${subscribed.description} ${subscribed.next}` })
    } catch (error) {
      console.error('Newsletter sign-up failed:', error)
      toast({ variant: 'destructive', title: failed.title, description: message ?? failed.description })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      method="post"
      action="/api/newsletter/subscribe"
      onSubmit={onSubmit}
      className="flex flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      {/* flex-1 only in a row: in the phone's column its zero basis would squash the field's height. */}
      <input
        id="newsletter-email"
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="h-10 min-w-0 rounded-md border border-border bg-background px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring sm:flex-1"
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  )
}
