'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { toast } from '@/ui/use-toast.client'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'

import { KEYS } from '@/ui/admin/mutations.client'

import type { Draft } from './CampaignEditor.client'
import type { Act } from './CampaignItem.client'

export const CAMPAIGNS_KEY = KEYS.campaigns

const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Something went wrong. Please try again.'

/**
 * The campaigns' writes: the draft being edited and saving it (with the fields' errors), and the
 * actions on a campaign; `busy` while one runs. The list is read again after each.
 */
export function useCampaignWrites() {
  const client = useQueryClient()
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const act: Act = async (what, run, done) => {
    setBusy(true)
    try {
      await run()
      if (done) toast({ title: done })
      await client.invalidateQueries({ queryKey: CAMPAIGNS_KEY })
    } catch (error) {
      toast({ title: what, description: errorText(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const save = async () => {
    if (!draft) return
    const body = {
      subject: draft.subject,
      body: draft.body,
      audience: { city: draft.city || undefined, state: draft.state || undefined },
    }
    setBusy(true)
    try {
      if (draft.id) await apiJson('PUT', `/api/admin/campaigns/${draft.id}`, body)
      else await apiJson('POST', '/api/admin/campaigns', body)
      setDraft(null)
      setErrors({})
      toast({ title: 'Campaign saved' })
      await client.invalidateQueries({ queryKey: CAMPAIGNS_KEY })
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fieldErrors : {})
      toast({ title: 'Failed to save campaign', description: errorText(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const cancel = () => {
    setDraft(null)
    setErrors({})
  }

  return { draft, setDraft, errors, busy, act, save, cancel }
}
