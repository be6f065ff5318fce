'use client'

import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'
import { Card } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'

import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { FormField } from '@/ui/admin/FormField.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'

type Zone = { name: string; countries: string[]; rate: string; freeOver: string | null }
type Shipping = { zones: Zone[]; restOfWorld: string | null }

/** The form's text fields: countries as typed ("DE, FR"), an empty free-shipping amount for none. */
type ZoneDraft = { name: string; countries: string; rate: string; freeOver: string }
type Draft = { zones: ZoneDraft[]; shipsWorldwide: boolean; restOfWorld: string }

const toDraft = (s: Shipping): Draft => ({
  zones: s.zones.map((z) => ({
    name: z.name,
    countries: z.countries.join(', '),
    rate: z.rate,
    freeOver: z.freeOver ?? '',
  })),
  shipsWorldwide: s.restOfWorld !== null,
  restOfWorld: s.restOfWorld ?? '',
})

const toBody = (d: Draft) => ({
  zones: d.zones.map((z) => ({
    name: z.name,
    countries: z.countries
      .split(/[\s,]+/)
      .map((c) => c.trim())
      .filter(Boolean),
    rate: z.rate,
    freeOver: z.freeOver.trim() === '' ? null : z.freeOver,
  })),
  restOfWorld: d.shipsWorldwide ? d.restOfWorld : null,
})

/**
 * The Products tab's shipping rates: zones of countries (two-letter codes) with a rate and an
 * optional free-shipping amount, and a rate for the rest of the world or "we don't ship there".
 * Owners and managers edit; viewers read. The server checks everything and prices every order.
 */
export function ShippingPanel() {
  const query = useQuery<Shipping>({ queryKey: KEYS.shipping })
  return (
    <section aria-labelledby="shipping-heading" className="flex flex-col gap-3">
      <h2 id="shipping-heading" className="font-heading text-xl font-bold">
        Shipping
      </h2>
      <QueryState query={query}>
        {(shipping) => <ShippingForm key={JSON.stringify(shipping)} shipping={shipping} />}
      </QueryState>
    </section>
  )
}

/** The form's state, the save and the server's messages per field. */
function useShippingForm(shipping: Shipping) {
  const [draft, setDraft] = useState(() => toDraft(shipping))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAdminMutation({
    mutationFn: (body: ReturnType<typeof toBody>) => apiJson<Shipping>('PUT', '/api/admin/shipping', body),
    invalidate: [KEYS.shipping],
    success: 'Shipping rates saved',
    failure: 'Failed to save the shipping rates',
    onSuccess: () => setErrors({}),
    onError: (error) => setErrors(error instanceof ApiError ? error.fieldErrors : {}),
  })
  const setZone = (i: number, change: Partial<ZoneDraft>) =>
    setDraft((d) => ({ ...d, zones: d.zones.map((z, j) => (j === i ? { ...z, ...change } : z)) }))
  const removeZone = (i: number) => setDraft((d) => ({ ...d, zones: d.zones.filter((_, j) => j !== i) }))
  const addZone = () =>
    setDraft((d) => ({ ...d, zones: [...d.zones, { name: '', countries: '', rate: '', freeOver: '' }] }))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(toBody(draft))
  }
  // A message on one country of a zone (`zones.1.countries.2`) belongs to the zone's countries field.
  const zoneError = (i: number, field: string) =>
    Object.entries(errors).find(([key]) => key === `zones.${i}.${field}` || key.startsWith(`zones.${i}.${field}.`))?.[1]
  return { draft, setDraft, errors, save, setZone, removeZone, addZone, onSubmit, zoneError }
}

type ZoneFieldsProps = {
  zone: ZoneDraft
  i: number
  canRemove: boolean
  setZone: (i: number, change: Partial<ZoneDraft>) => void
  removeZone: (i: number) => void
  zoneError: (i: number, field: string) => string | undefined
}

function ZoneFields({ zone, i, canRemove, setZone, removeZone, zoneError }: ZoneFieldsProps) {
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-2" role="group" aria-label={`Zone ${i + 1}`}>
      <FormField id={`zone-${i}-name`} label="Zone name" error={zoneError(i, 'name')}>
        <Input id={`zone-${i}-name`} value={zone.name} onChange={(e) => setZone(i, { name: e.target.value })} />
      </FormField>
      <FormField
        id={`zone-${i}-countries`}
        label="Countries"
        error={zoneError(i, 'countries')}
        hint="Two-letter codes, such as US or DE, FR, NL"
      >
        <Input
          id={`zone-${i}-countries`}
          value={zone.countries}
          onChange={(e) => setZone(i, { countries: e.target.value })}
        />
      </FormField>
      <FormField id={`zone-${i}-rate`} label="Rate ($)" error={zoneError(i, 'rate')}>
        <Input
          id={`zone-${i}-rate`}
          inputMode="decimal"
          value={zone.rate}
          onChange={(e) => setZone(i, { rate: e.target.value })}
        />
      </FormField>
      <FormField id={`zone-${i}-free`} label="Free shipping over ($, optional)" error={zoneError(i, 'freeOver')}>
        <Input
          id={`zone-${i}-free`}
          inputMode="decimal"
          value={zone.freeOver}
          onChange={(e) => setZone(i, { freeOver: e.target.value })}
        />
      </FormField>
      {canRemove && (
        <div className="sm:col-span-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={`Remove zone ${zone.name || i + 1}`}
            onClick={() => removeZone(i)}
          >
            <Trash2 aria-hidden="true" />
            Remove zone
          </Button>
        </div>
      )}
    </Card>
  )
}

type RestOfWorldProps = {
  draft: Draft
  setDraft: (change: (d: Draft) => Draft) => void
  error: string | undefined
}

function RestOfWorldFields({ draft, setDraft, error }: RestOfWorldProps) {
  return (
    <Card className="grid gap-3 p-4">
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          checked={draft.shipsWorldwide}
          onChange={(e) => setDraft((d) => ({ ...d, shipsWorldwide: e.target.checked }))}
          className="size-4"
        />
        Ship to the rest of the world
      </label>
      {draft.shipsWorldwide ? (
        <FormField id="rest-of-world" label="Rest of the world rate ($)" error={error}>
          <Input
            id="rest-of-world"
            inputMode="decimal"
            value={draft.restOfWorld}
            onChange={(e) => setDraft((d) => ({ ...d, restOfWorld: e.target.value }))}
          />
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">Countries in no zone are told: we don&apos;t ship there.</p>
      )}
    </Card>
  )
}

function ShippingForm({ shipping }: { shipping: Shipping }) {
  const { canEdit } = useDashboard()
  const { draft, setDraft, errors, save, setZone, removeZone, addZone, onSubmit, zoneError } = useShippingForm(shipping)
  return (
    <form onSubmit={onSubmit} aria-label="Shipping rates" className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Orders pay their country&apos;s zone rate; countries in no zone pay the rest of the world&apos;s rate, or cannot
        order when you don&apos;t ship there.
      </p>
      <fieldset disabled={!canEdit || save.isPending} className="flex flex-col gap-3">
        {draft.zones.map((zone, i) => (
          <ZoneFields
            key={i}
            zone={zone}
            i={i}
            canRemove={canEdit && draft.zones.length > 1}
            setZone={setZone}
            removeZone={removeZone}
            zoneError={zoneError}
          />
        ))}
        {errors.zones && (
          <p className="text-sm text-red-300" role="alert">
            {errors.zones}
          </p>
        )}
        {canEdit && (
          <Button type="button" variant="outline" className="self-start" onClick={addZone}>
            <Plus aria-hidden="true" />
            Add zone
          </Button>
        )}
        <RestOfWorldFields draft={draft} setDraft={setDraft} error={errors.restOfWorld} />
        {canEdit && (
          <Button type="submit" className="self-start">
            {save.isPending ? 'Saving...' : 'Save shipping rates'}
          </Button>
        )}
      </fieldset>
    </form>
  )
}
