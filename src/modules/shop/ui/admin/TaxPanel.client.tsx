'use client'

import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'

import type { TaxRate, TaxSettings } from '@/modules/shop/contract/taxRules'
import { Button } from '@/ui/button'
import { Card } from '@/ui/card'
import { Input } from '@/ui/input'
import { apiJson } from '@/ui/api-client'
import { ApiError } from '@/ui/apiError'

import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { FormField } from '@/ui/admin/FormField.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'

import { TaxQuarter } from './TaxQuarter.client'

/** The settings as the team API answers them, with the band's own place. */
type TaxAnswer = TaxSettings & { homeCountry: string | null; homeRegion: string | null }
type Home = { homeCountry: string; homeRegion: string }

/** A rate as the form edits it: an empty state for the whole country. */
type RateDraft = Omit<TaxRate, 'region'> & { region: string }

const toDraft = (r: TaxRate): RateDraft => ({ ...r, region: r.region ?? '' })
const toBody = (pricesIncludeTax: boolean, rates: RateDraft[], home: Home) => ({
  pricesIncludeTax,
  rates: rates.map((r) => ({ ...r, region: r.region.trim() === '' ? null : r.region })),
  homeCountry: home.homeCountry.trim() === '' ? null : home.homeCountry,
  homeRegion: home.homeRegion.trim() === '' ? null : home.homeRegion,
})
const NEW_RATE: RateDraft = {
  country: '',
  region: '',
  name: 'Sales tax',
  rate: '',
  appliesTo: 'all',
  taxShipping: false,
}

/**
 * The Products tab's sales tax and VAT: whether prices include tax, and the rates by country and
 * US state. Owners and managers edit; viewers read. The server taxes every order.
 */
export function TaxPanel() {
  const query = useQuery<TaxAnswer>({ queryKey: KEYS.tax })
  return (
    <section aria-labelledby="tax-heading" className="flex flex-col gap-3">
      <h2 id="tax-heading" className="font-heading text-xl font-bold">
        Tax
      </h2>
      <p className="text-sm text-muted-foreground">
        On Bandcamp or Big Cartel the platform charges sales tax and VAT for you; in this shop you are the seller. A US
        band usually owes its home state&apos;s sales tax on sales shipped within that state (and in other states once
        it sells enough there); a band in the EU includes VAT in its prices to fans, 19 % in Germany. Check the rules
        for your place with your tax office or accountant. A country or state without a rate here pays no tax.
      </p>
      <QueryState query={query}>{(tax) => <TaxForm key={JSON.stringify(tax)} tax={tax} />}</QueryState>
      <TaxQuarter />
    </section>
  )
}

function TaxForm({ tax }: { tax: TaxAnswer }) {
  const { canEdit } = useDashboard()
  const [included, setIncluded] = useState(tax.pricesIncludeTax)
  const [rates, setRates] = useState(() => tax.rates.map(toDraft))
  const [home, setHome] = useState<Home>({ homeCountry: tax.homeCountry ?? '', homeRegion: tax.homeRegion ?? '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAdminMutation({
    mutationFn: (body: ReturnType<typeof toBody>) => apiJson<TaxSettings>('PUT', '/api/admin/tax', body),
    invalidate: [KEYS.tax],
    success: 'Tax settings saved',
    failure: 'Failed to save the tax settings',
    onSuccess: () => setErrors({}),
    onError: (error) => setErrors(error instanceof ApiError ? error.fieldErrors : {}),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(toBody(included, rates, home))
  }
  return (
    <form onSubmit={onSubmit} aria-label="Tax settings" className="flex flex-col gap-3">
      <fieldset disabled={!canEdit || save.isPending} className="flex flex-col gap-3">
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={included}
            onChange={(e) => setIncluded(e.target.checked)}
            className="size-4"
          />
          Prices include tax (as with VAT in the EU)
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="tax-home-country"
            label="The band's country"
            error={errors.homeCountry}
            hint="Such as US or DE"
          >
            <Input
              id="tax-home-country"
              value={home.homeCountry}
              onChange={(e) => setHome((h) => ({ ...h, homeCountry: e.target.value }))}
            />
          </FormField>
          <FormField id="tax-home-region" label="The band's US state" error={errors.homeRegion} hint="Such as CA">
            <Input
              id="tax-home-region"
              value={home.homeRegion}
              onChange={(e) => setHome((h) => ({ ...h, homeRegion: e.target.value }))}
            />
          </FormField>
        </div>
        {rates.map((rate, i) => (
          <RateCard
            key={i}
            n={i}
            rate={rate}
            errors={errors}
            canEdit={canEdit}
            onChange={(change) => setRates((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)))}
            onRemove={() => setRates((rs) => rs.filter((_, j) => j !== i))}
          />
        ))}
        {rates.length === 0 && <p className="text-sm text-muted-foreground">No tax rates: no order is taxed.</p>}
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => setRates((rs) => [...rs, NEW_RATE])}>
              <Plus aria-hidden="true" />
              Add rate
            </Button>
            <Button type="submit">{save.isPending ? 'Saving...' : 'Save tax settings'}</Button>
          </div>
        )}
      </fieldset>
    </form>
  )
}

type RateCardProps = {
  n: number
  rate: RateDraft
  errors: Record<string, string>
  canEdit: boolean
  onChange: (change: Partial<RateDraft>) => void
  onRemove: () => void
}

function RateCard({ n, rate, errors, canEdit, onChange, onRemove }: RateCardProps) {
  const id = (field: string) => `tax-${n}-${field}`
  const error = (field: string) => errors[`rates.${n}.${field}`]
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-3" role="group" aria-label={`Tax rate ${n + 1}`}>
      <FormField id={id('country')} label="Country" error={error('country')} hint="Two-letter code, such as US or DE">
        <Input id={id('country')} value={rate.country} onChange={(e) => onChange({ country: e.target.value })} />
      </FormField>
      <FormField id={id('region')} label="US state (optional)" error={error('region')} hint="Such as CA; empty: all">
        <Input id={id('region')} value={rate.region} onChange={(e) => onChange({ region: e.target.value })} />
      </FormField>
      <FormField id={id('name')} label="Name" error={error('name')} hint="Sales tax, VAT">
        <Input id={id('name')} value={rate.name} onChange={(e) => onChange({ name: e.target.value })} />
      </FormField>
      <FormField id={id('rate')} label="Rate (%)" error={error('rate')}>
        <Input
          id={id('rate')}
          inputMode="decimal"
          value={rate.rate}
          onChange={(e) => onChange({ rate: e.target.value })}
        />
      </FormField>
      <FormField id={id('appliesTo')} label="Applies to" error={error('appliesTo')}>
        <select
          id={id('appliesTo')}
          value={rate.appliesTo}
          onChange={(e) => onChange({ appliesTo: e.target.value as RateDraft['appliesTo'] })}
          className="h-10 rounded-md border border-border bg-background px-3"
        >
          <option value="all">All goods</option>
          <option value="physical">Physical goods</option>
          <option value="digital">Digital goods</option>
        </select>
      </FormField>
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input
          type="checkbox"
          checked={rate.taxShipping}
          onChange={(e) => onChange({ taxShipping: e.target.checked })}
          className="size-4"
        />
        Tax shipping too
      </label>
      {canEdit && (
        <div className="sm:col-span-3">
          <Button type="button" size="sm" variant="outline" aria-label={`Remove tax rate ${n + 1}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Remove rate
          </Button>
        </div>
      )}
    </Card>
  )
}
