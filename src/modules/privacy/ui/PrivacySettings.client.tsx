'use client'

import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import type { PrivacySettings } from '@/modules/privacy/contract'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { Textarea } from '@/ui/textarea'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'

/** The owner's privacy settings: how long buyers' details are kept, and their own text for /privacy. */
export function PrivacySettingsForm() {
  const query = useQuery<PrivacySettings>({ queryKey: KEYS.privacySettings })
  return (
    <QueryState query={query}>
      {(settings) => <SettingsForm key={JSON.stringify(settings)} settings={settings} />}
    </QueryState>
  )
}

function SettingsForm({ settings }: { settings: PrivacySettings }) {
  const [months, setMonths] = useState(String(settings.retentionMonths))
  const [text, setText] = useState(settings.noticeMarkdown)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAdminMutation({
    mutationFn: (body: PrivacySettings) => apiJson<PrivacySettings>('PUT', '/api/admin/privacy/settings', body),
    invalidate: [KEYS.privacySettings],
    success: 'Privacy settings saved',
    failure: 'Failed to save the privacy settings',
    onSuccess: () => setErrors({}),
    onError: (error) => setErrors(error instanceof ApiError ? error.fieldErrors : {}),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ retentionMonths: Number(months), noticeMarkdown: text })
  }
  return (
    <form onSubmit={onSubmit} aria-label="Privacy settings" className="grid gap-3">
      <label className="grid gap-1 text-sm">
        Forget buyers&apos; personal details after (months)
        <Input
          type="number"
          min={1}
          max={120}
          required
          value={months}
          onChange={(e) => setMonths(e.target.value)}
          aria-invalid={!!errors.retentionMonths}
          aria-describedby={errors.retentionMonths ? 'privacy-months-error' : undefined}
        />
      </label>
      {errors.retentionMonths && (
        <p id="privacy-months-error" role="alert" className="text-sm text-destructive">
          {errors.retentionMonths}
        </p>
      )}
      <label className="grid gap-1 text-sm">
        Your own text for the privacy notice (Markdown)
        <Textarea rows={5} value={text} onChange={(e) => setText(e.target.value)} maxLength={20000} />
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save privacy settings'}
        </Button>
        <a href="/privacy" target="_blank" rel="noreferrer" className="text-sm underline underline-offset-4">
          See the privacy notice
        </a>
      </div>
    </form>
  )
}
