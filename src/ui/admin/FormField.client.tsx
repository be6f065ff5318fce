'use client'

import type { ReactNode } from 'react'

import { Label } from '@/ui/label.client'
import { firstMessagePerField } from '@/lib/zodIssues'

/** A labelled field with its validation message underneath. */
export function FormField({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-300" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** zod issues of a failed parse as `{field: message}` (first message per field). */
export const issuesByField = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  firstMessagePerField(issues, { topLevel: true, fallback: 'form' })
