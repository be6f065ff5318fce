'use client'

import { marked } from 'marked'
import { useMemo } from 'react'

import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { Textarea } from '@/ui/textarea'

/** A campaign being written: new (no id) or a draft being edited. */
export type Draft = { id?: string; subject: string; body: string; city: string; state: string }
export const EMPTY: Draft = { subject: '', body: '', city: '', state: '' }

/**
 * The campaign editor with its live preview: the Markdown rendered in a sandboxed frame (no script
 * runs); the server sanitises the email itself.
 */
export function CampaignEditor({
  draft,
  setDraft,
  errors,
  busy,
  onSave,
  onCancel,
}: {
  draft: Draft
  setDraft: (draft: Draft) => void
  errors: Record<string, string>
  busy: boolean
  onSave: () => void
  onCancel: () => void
}) {
  const preview = useMemo(() => String(marked.parse(draft.body, { async: false })), [draft])
  return (
    <form
      aria-label="Campaign editor"
      className="grid gap-3 rounded-md border border-border p-3"
      onSubmit={(e) => {
        e.preventDefault()
        onSave()
      }}
    >
      <label className="grid gap-1 text-sm">
        Subject
        <Input
          value={draft.subject}
          maxLength={200}
          onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
          aria-invalid={Boolean(errors.subject)}
        />
        {errors.subject && <span className="text-destructive">{errors.subject}</span>}
      </label>
      <label className="grid gap-1 text-sm">
        Message (Markdown)
        <Textarea
          rows={8}
          value={draft.body}
          onChange={(e) => setDraft({ ...draft, body: e.target.value })}
          aria-invalid={Boolean(errors.body)}
        />
        {errors.body && <span className="text-destructive">{errors.body}</span>}
      </label>
      <fieldset className="grid gap-2 text-sm sm:grid-cols-2">
        <legend className="mb-1">Audience: everyone confirmed, or only fans near</legend>
        <label className="grid gap-1">
          City
          <Input value={draft.city} onChange={(e) => setDraft({ ...draft, city: e.target.value })} />
        </label>
        <label className="grid gap-1">
          State
          <Input value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })} />
        </label>
      </fieldset>
      <div className="grid gap-1 text-sm">
        <span>Preview</span>
        <iframe
          title="Preview"
          sandbox=""
          className="h-64 w-full rounded-md border border-border bg-white"
          srcDoc={`<!doctype html><html><body style="font-family:sans-serif;font-size:15px;color:#111">${preview}</body></html>`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          Save draft
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
