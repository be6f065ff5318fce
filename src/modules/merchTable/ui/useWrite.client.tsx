'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { ApiError } from '@/ui/apiError'

/** The error's message for the team: the server's message and the first field message. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: string; errors?: Record<string, string> } | undefined
    const field = body?.errors ? Object.values(body.errors)[0] : undefined
    return [body?.message, field].filter(Boolean).join(' ') || error.message
  }
  return error instanceof Error ? error.message : 'Something went wrong.'
}

/** A write, then the page's data again from the server; answers an error message or null. */
export function useWrite() {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  async function run<T>(call: () => Promise<T>, done: string): Promise<T | null> {
    setPending(true)
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
      setPending(false)
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
  return { run, pending, status }
}
