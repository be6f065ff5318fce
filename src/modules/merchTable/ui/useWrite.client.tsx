'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { ApiError } from '@/ui/apiError'
import { useLive } from '@/ui/useLive'

/** The error's message for the team: the server's message and the first field message. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: string; errors?: Record<string, string> } | undefined
    const field = body?.errors ? Object.values(body.errors)[0] : undefined
    return [body?.message, field].filter(Boolean).join(' ') || error.message
  }
  return error instanceof Error ? error.message : 'Something went wrong.'
}

/**
 * A write, then the page's data again from the server; answers an error message or null.
 * `pending` holds the page's write buttons: while a write is under way, and until the page's script
 * runs (its forms have no native action, so a click before that would only reload the page).
 */
export function useWrite() {
  const router = useRouter()
  const live = useLive()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  async function run<T>(call: () => Promise<T>, done: string): Promise<T | null> {
    setBusy(true)
    setMessage(null)
    try {
      const result = await call()
      setMessage({ ok: true, text: done })
      router.refresh()
      return result
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) })
      return null
    } finally {
      setBusy(false)
    }
  }
  const status = message ? (
    <p
      role={message.ok ? 'status' : 'alert'}
      className={message.ok ? 'text-sm text-green-400' : 'text-sm text-red-400'}
    >
      {message.text}
    </p>
  ) : null
  return { run, pending: busy || !live, status }
}
