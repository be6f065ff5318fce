'use client'

import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useId, useState } from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { toCents } from '@/lib/money'
import { apiJson, apiRequest } from '@/lib/api-client'
import { optionSchema } from '@/lib/schemas/product'

import { ConfirmDelete } from './ConfirmAction.client'
import { useDashboard } from './DashboardContext.client'
import { FormField, issuesByField } from './FormField.client'
import { KEYS, useAdminMutation } from './mutations.client'
import type { ProductOption } from '@/lib/apiTypes'

const EMPTY_FORM = { name: 'Size', value: '', priceAdjustment: '0.00', inventory: '50' }

/** The product's options (sizes): list, Add Option form and delete, embedded in the product editor. */
export function ProductOptionsPanel({ productId }: { productId: string }) {
  const { canEdit } = useDashboard()
  const ids = useId()
  const [adding, setAdding] = useState(false)
  const [form, setForm] = useState(EMPTY_FORM)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const options = useQuery<ProductOption[]>({
    queryKey: KEYS.options(productId),
    enabled: Boolean(productId),
    gcTime: 10 * 60 * 1000,
  })

  const reset = () => {
    setForm(EMPTY_FORM)
    setErrors({})
    setAdding(false)
  }

  const add = useAdminMutation({
    mutationFn: (data: unknown) => apiJson<ProductOption>('POST', `/api/admin/products/${productId}/options`, data),
    invalidate: [KEYS.options(productId)],
    success: 'Option added successfully',
    failure: 'Failed to add option',
    onSuccess: reset,
  })

  const remove = useAdminMutation({
    mutationFn: (optionId: string) => apiRequest('DELETE', `/api/admin/products/options/${optionId}`),
    invalidate: [KEYS.options(productId)],
    success: 'Option deleted successfully',
    failure: 'Failed to delete option',
  })

  function submit() {
    const parsed = optionSchema.safeParse({ ...form, isActive: true })
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    add.mutate(parsed.data)
  }

  return (
    <section className="grid gap-3 rounded-md border border-border p-4" aria-labelledby={`${ids}-title`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${ids}-title`} className="font-semibold">
          Product Options (Sizes)
        </h3>
        {canEdit && !adding && (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add Option
          </Button>
        )}
      </div>

      {options.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading options...</p>
      ) : options.isError ? (
        <p className="text-sm text-red-300">Could not load the options.</p>
      ) : options.data && options.data.length > 0 ? (
        <ul className="grid gap-2" aria-label="Options">
          {options.data.map((option) => (
            <li key={option.id} className="flex items-center gap-2 rounded-md bg-foreground/5 px-3 py-2 text-sm">
              <Badge variant="outline">{option.name}</Badge>
              <span className="font-medium">{option.value}</span>
              {toCents(option.priceAdjustment) > 0 && <span>+${option.priceAdjustment}</span>}
              <span className="text-muted-foreground">Stock: {option.inventory}</span>
              {!option.isActive && <Badge variant="muted">Inactive</Badge>}
              {canEdit && (
                <span className="ml-auto">
                  <ConfirmDelete
                    label={`Delete option ${option.value}`}
                    title="Delete option"
                    description="Are you sure you want to delete this option?"
                    onConfirm={() => remove.mutate(option.id)}
                    disabled={remove.isPending}
                  />
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No options yet.</p>
      )}

      {adding && (
        <div className="grid gap-3 rounded-md border border-border p-3" role="group" aria-label="Add Option">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={`${ids}-name`} label="Option Name" error={errors.name}>
              <Input
                id={`${ids}-name`}
                value={form.name}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
              />
            </FormField>
            <FormField id={`${ids}-value`} label="Option Value" error={errors.value}>
              <Input
                id={`${ids}-value`}
                placeholder="M"
                value={form.value}
                aria-invalid={Boolean(errors.value)}
                onChange={(e) => setForm({ ...form, value: e.target.value })}
              />
            </FormField>
            <FormField id={`${ids}-adjustment`} label="Price Adjustment" error={errors.priceAdjustment}>
              <Input
                id={`${ids}-adjustment`}
                inputMode="decimal"
                value={form.priceAdjustment}
                onChange={(e) => setForm({ ...form, priceAdjustment: e.target.value })}
              />
            </FormField>
            <FormField id={`${ids}-stock`} label="Stock" error={errors.inventory}>
              <Input
                id={`${ids}-stock`}
                type="number"
                min={0}
                value={form.inventory}
                onChange={(e) => setForm({ ...form, inventory: e.target.value })}
              />
            </FormField>
          </div>
          <div className="flex gap-2">
            <Button size="sm" onClick={submit} disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add Option'}
            </Button>
            <Button size="sm" variant="outline" onClick={reset} disabled={add.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
