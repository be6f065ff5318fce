'use client'

import type { ComponentProps, ReactNode } from 'react'
import { z } from 'zod'

import { Textarea } from '@/ui/textarea'
import { RELEASE_TYPES, releaseSchema } from '@/modules/music/contract/release'
import { releaseTypeLabel } from '@/modules/music/contract/publicPage'

import { FormField } from '@/ui/admin/FormField.client'
import { RecordDialog, useRecordForm, useSaveRecord } from '@/ui/admin/RecordDialog.client'

import { RELEASES, type AdminRelease } from './releases'

const SELECT = 'h-9 w-full rounded-md border border-input bg-background px-3 text-sm'

type Form = {
  title: string
  type: string
  releaseDate: string
  description: string
  credits: string
  isActive: boolean
  mode: 'fixed' | 'nameYourPrice'
  price: string
  minimum: string
  suggested: string
}

/** The form's flat fields as the release API takes them (the amounts under `pricing`). */
const asBody = (f: Form) => ({
  title: f.title,
  type: f.type,
  releaseDate: f.releaseDate,
  description: f.description,
  credits: f.credits,
  isActive: f.isActive,
  pricing:
    f.mode === 'fixed'
      ? { mode: 'fixed', price: f.price }
      : { mode: 'nameYourPrice', minimum: f.minimum, suggested: f.suggested.trim() ? f.suggested : null },
})

const formSchema = z.preprocess((f) => asBody(f as Form), releaseSchema)

/** Adds or edits a release: its title, type, date, texts, whether it is on sale, and its pricing. */
export function ReleaseDialog({ release, onClose }: { release: AdminRelease | null; onClose: () => void }) {
  const save = useSaveRecord(release, RELEASES, onClose, { createOrUpdate: true })
  const pricing = release?.pricing
  const { form, set, errors, submit, text, toggle } = useRecordForm<Form, z.infer<typeof releaseSchema>>(
    {
      title: release?.title ?? '',
      type: release?.type ?? 'album',
      releaseDate: release?.releaseDate ?? '',
      description: release?.description ?? '',
      credits: release?.credits ?? '',
      isActive: release?.isActive ?? true,
      mode: pricing?.mode ?? 'fixed',
      price: pricing?.mode === 'fixed' ? pricing.price : '',
      minimum: pricing?.mode === 'nameYourPrice' ? pricing.minimum : '0.00',
      suggested: pricing?.mode === 'nameYourPrice' ? (pricing.suggested ?? '') : '',
    },
    formSchema,
    (data) => save.mutate(data),
    'release',
  )

  return (
    <RecordDialog
      title={release ? 'Edit Release' : 'Add Release'}
      description="Active releases are listed on the music page and sold from their release date (before it, as pre-orders)."
      submitLabel={release ? 'Update Release' : 'Create Release'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      className="max-w-2xl"
    >
      {text('title', 'Title *')}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="release-type" label="Type" error={errors.type}>
          <select id="release-type" value={form.type} onChange={(e) => set('type', e.target.value)} className={SELECT}>
            {RELEASE_TYPES.map((type) => (
              <option key={type} value={type}>
                {releaseTypeLabel(type)}
              </option>
            ))}
          </select>
        </FormField>
        {text('releaseDate', 'Release date *', { type: 'date' })}
      </div>
      <PricingFields form={form} set={set} text={text} error={errors.pricing} />
      <FormField id="release-description" label="Description" error={errors.description}>
        <Textarea
          id="release-description"
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <FormField id="release-credits" label="Credits" error={errors.credits}>
        <Textarea id="release-credits" value={form.credits} onChange={(e) => set('credits', e.target.value)} />
      </FormField>
      {toggle('isActive', 'Active (on the music page)')}
    </RecordDialog>
  )
}

/** The pricing: a fixed price, or name-your-price with its minimum and an optional suggested amount. */
function PricingFields({
  form,
  set,
  text,
  error,
}: {
  form: Form
  set: (name: 'mode', value: Form['mode']) => void
  text: (name: 'price' | 'minimum' | 'suggested', label: string, input: ComponentProps<'input'>) => ReactNode
  error?: string
}) {
  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Pricing</legend>
      <FormField id="release-mode" label="Pricing mode">
        <select
          id="release-mode"
          value={form.mode}
          onChange={(e) => set('mode', e.target.value as Form['mode'])}
          className={SELECT}
        >
          <option value="fixed">Fixed price</option>
          <option value="nameYourPrice">Name your price</option>
        </select>
      </FormField>
      {form.mode === 'fixed' ? (
        text('price', 'Price *', { placeholder: '9.99', inputMode: 'decimal' })
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('minimum', 'Minimum *', { placeholder: '0.00', inputMode: 'decimal' })}
          {text('suggested', 'Suggested', { placeholder: '10.00', inputMode: 'decimal' })}
        </div>
      )}
      {error && (
        <p className="text-sm text-red-300" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
