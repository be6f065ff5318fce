'use client'

import { useQuery } from '@tanstack/react-query'
import { AlertTriangle } from 'lucide-react'

import { Button } from '@/ui/button'
import { apiRequest } from '@/ui/api-client'

import { useAdminMutation } from '@/ui/admin/mutations.client'

type FailedEmail = { id: string; to: string; subject: string; attempts: number; error: string; failedAt: string | null }

const KEY = ['/api/admin/email-failures'] as const

/** Tells the owner about emails the queue gave up on, with a way to send each again or dismiss it. */
export function EmailFailuresNotice() {
  const failures = useQuery<FailedEmail[]>({ queryKey: KEY, retry: false, refetchInterval: 60_000 })
  const retry = useAdminMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/email-failures/${id}/retry`),
    invalidate: [KEY],
    success: 'Email queued again',
    failure: 'Failed to queue the email',
  })
  const dismiss = useAdminMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/email-failures/${id}`),
    invalidate: [KEY],
    success: 'Email dismissed',
    failure: 'Failed to dismiss the email',
  })
  const list = failures.data ?? []
  if (list.length === 0) return null

  return (
    <section
      role="alert"
      aria-labelledby="email-failures-title"
      className="mb-6 rounded-lg border border-destructive/60 bg-destructive/10 p-4"
    >
      <h2 id="email-failures-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {list.length === 1 ? '1 email could not be sent' : `${list.length} emails could not be sent`}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The mail server kept refusing them, so the site stopped trying. Check the email settings, then send them again.
      </p>
      <ul className="mt-3 space-y-2">
        {list.map((f) => (
          <li key={f.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 flex-1">
              <span className="font-medium">{f.subject}</span> to {f.to}
              <span className="block text-xs text-muted-foreground">
                {f.attempts} attempts; last error: {f.error}
              </span>
            </span>
            <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate(f.id)}>
              Send again
            </Button>
            <Button size="sm" variant="ghost" disabled={dismiss.isPending} onClick={() => dismiss.mutate(f.id)}>
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
