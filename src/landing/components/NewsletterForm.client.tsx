'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { toast } from '@/ui/use-toast.client'
import { NEWSLETTER_RESULTS } from '@/modules/newsletter/contract/newsletterResult'

import { submitJson } from './submitJson'

const { subscribed, failed } = NEWSLETTER_RESULTS

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
    const refusal = await submitJson('/api/newsletter/subscribe', { email })
    setBusy(false)
    if (refusal === null) {
      setEmail('')
      toast({ title: subscribed.title, description: `${subscribed.description} ${subscribed.next}` })
    } else {
      toast({ variant: 'destructive', title: failed.title, description: refusal || failed.description })
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
