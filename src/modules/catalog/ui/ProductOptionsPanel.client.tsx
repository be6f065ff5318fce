'use client'

import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useId, useState } from 'react'

import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { apiJson, apiRequest } from '@/ui/api-client'
import { optionSchema } from '@/modules/catalog/contract/product'

import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { FormField, issuesByField } from '@/ui/admin/FormField.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { OptionRow } from './ProductOptionRow.client'
import type { AdminOption as ProductOption } from '@/modules/catalog/contract/types'

const EMPTY_FORM = { name: 'Size', value: '', priceAdjustment: '0.00', inventory: '50' }

/** A product's options (sizes), cached for 10 minutes; the panel and the product's stock share them. */
export function useProductOptions(productId: string | undefined) {
  return useQuery<ProductOption[]>({
    queryKey: KEYS.options(productId ?? ''),
    enabled: Boolean(productId),
    gcTime: 10 * 60 * 1000,
  })
}

/** "S, M, L, XL" → ["S", "M", "L", "XL"]: several sizes are added at once. */
const splitValues = (typed: string) =>
  typed
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** The Add Option form's state: open or not, its fields and errors, and adding the typed values. */
function useAddOption(productId: string) {
  const [adding, setAdding] = useState(false)
  const [form, setForm] = useState(EMPTY_FORM)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const reset = () => {
    setForm(EMPTY_FORM)
    setErrors({})
    setAdding(false)
  }

  const add = useAdminMutation({
    mutationFn: async (list: unknown[]) => {
      // One at a time, in the order typed (the list shows them in the order they were made).
      for (const data of list) await apiJson<ProductOption>('POST', `/api/admin/products/${productId}/options`, data)
      return list.length
    },
    invalidate: [KEYS.options(productId), KEYS.products],
    success: (count) => ({
      title: count === 1 ? 'Option added successfully' : `${count} options added successfully`,
    }),
    failure: 'Failed to add option',
    onSuccess: reset,
  })

  function submit() {
    const values = splitValues(form.value)
    const parsed = (values.length ? values : ['']).map((value) =>
      optionSchema.safeParse({ ...form, value, isActive: true }),
    )
    const failed = parsed.find((p) => !p.success)
    if (failed && !failed.success) return setErrors(issuesByField(failed.error.issues))
    setErrors({})
    add.mutate(parsed.map((p) => p.data))
  }

  return { adding, setAdding, form, setForm, errors, reset, submit, pending: add.isPending }
}

/** The options, each edited in place and deleted from its row; loading, failure and empty states. */
function OptionList({ productId, canEdit }: { productId: string; canEdit: boolean }) {
  const options = useProductOptions(productId)
  const remove = useAdminMutation({
    mutationFn: (optionId: string) => apiRequest('DELETE', `/api/admin/products/options/${optionId}`),
    invalidate: [KEYS.options(productId), KEYS.products],
    success: 'Option deleted successfully',
    failure: 'Failed to delete option',
  })

  if (options.isLoading) return <p className="text-sm text-muted-foreground">Loading options...</p>
  if (options.isError) return <p className="text-sm text-red-300">Could not load the options.</p>
  if (!options.data || options.data.length === 0)
    return <p className="text-sm text-muted-foreground">No options yet.</p>
  return (
    <ul className="grid gap-2" aria-label="Options">
      {options.data.map((option) => (
        <OptionRow
          key={`${option.id}-${option.updatedAt}`}
          option={option}
          productId={productId}
          canEdit={canEdit}
          onDelete={() => remove.mutate(option.id)}
          deleting={remove.isPending}
        />
      ))}
    </ul>
  )
}

/** The Add Option form: name, value(s), price adjustment and stock, Add Option and Cancel. */
function AddOptionForm({ ids, state }: { ids: string; state: ReturnType<typeof useAddOption> }) {
  const { form, setForm, errors, pending } = state
  return (
    <div className="grid gap-3 rounded-md border border-border p-3" role="group" aria-label="Add Option">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${ids}-name`} label="Option Name" error={errors.name}>
          <Input id={`${ids}-name`} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </FormField>
        <FormField
          id={`${ids}-value`}
          label="Option Value"
          error={errors.value}
          hint="Several at once: separate them with commas (S, M, L, XL). Each gets the stock below."
        >
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
        <Button size="sm" onClick={state.submit} disabled={pending}>
          {pending ? 'Adding...' : 'Add Option'}
        </Button>
        <Button size="sm" variant="outline" onClick={state.reset} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  )
}

/**
 * The product's options (sizes), embedded in the product editor: the list, each row edited in
 * place (value, price adjustment, stock, active), the Add Option form (several values at once,
 * separated by commas) and delete.
 */
export function ProductOptionsPanel({ productId }: { productId: string }) {
  const { canEdit } = useDashboard()
  const ids = useId()
  const addOption = useAddOption(productId)

  return (
    <section className="grid min-w-0 gap-3 rounded-md border border-border p-4" aria-labelledby={`${ids}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${ids}-title`} className="font-semibold">
          Product Options (Sizes)
        </h3>
        {canEdit && !addOption.adding && (
          <Button size="sm" variant="outline" onClick={() => addOption.setAdding(true)}>
            <Plus aria-hidden="true" />
            Add Option
          </Button>
        )}
      </div>

      <OptionList productId={productId} canEdit={canEdit} />

      {addOption.adding && <AddOptionForm ids={ids} state={addOption} />}
    </section>
  )
}
