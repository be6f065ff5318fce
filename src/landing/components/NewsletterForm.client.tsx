'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast.client'

/**
 * The newsletter sign-up: browser-validated email, a toast either way, input cleared on success.
 * Without the page's script the form posts natively and the server answers with a result page.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    try {
      const res = await fetch('/api/newsletter/subscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`)
      setEmail('')
      toast({ title: 'Subscribed!', description: 'Thank you for subscribing to our newsletter.' })
    } catch (error) {
      console.error('Newsletter sign-up failed:', error)
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to subscribe. Please try again.' })
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
      <input
        id="newsletter-email"
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="h-10 min-w-0 flex-1 rounded-md border border-border bg-background px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring"
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  )
}
