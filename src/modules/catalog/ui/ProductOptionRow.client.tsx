'use client'

import { Pencil } from 'lucide-react'
import { useId, useState } from 'react'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { Switch } from '@/ui/switch.client'
import { toCents } from '@/lib/money'
import { apiJson } from '@/ui/api-client'
import { preorderLabel } from '@/modules/stock/contract/preorder'
import { optionUpdateSchema } from '@/modules/catalog/contract/product'

import { ConfirmDelete } from '@/ui/admin/ConfirmAction.client'
import { FormField, issuesByField } from '@/ui/admin/FormField.client'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import type { AdminOption as ProductOption } from '@/modules/catalog/contract/types'

type OptionForm = {
  value: string
  priceAdjustment: string
  inventory: string
  preorderShipsOn: string
  preorderCap: string
  isActive: boolean
}

/** An option's edit state: open or not, the form (kept while closed), its errors and the save. */
function useOptionEditor(option: ProductOption, productId: string) {
  const ids = useId()
  const [editing, setEditing] = useState(false)
  const [form, setForm] = useState<OptionForm>({
    value: option.value,
    priceAdjustment: option.priceAdjustment,
    inventory: String(option.inventory),
    preorderShipsOn: option.preorderShipsOn ?? '',
    preorderCap: option.preorderCap === null ? '' : String(option.preorderCap),
    isActive: option.isActive,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})

  const save = useAdminMutation({
    mutationFn: (data: object) =>
      apiJson<ProductOption>('PUT', `/api/admin/products/options/${option.id}`, {
        ...data,
        updatedAt: option.updatedAt,
      }),
    invalidate: [KEYS.options(productId), KEYS.products],
    success: 'Option updated successfully',
    failure: 'Failed to update option',
  })

  function submit() {
    // Stock changes are explicit: an untouched stock leaves sales made meanwhile alone (and a
    // pre-order's stock below 0 as it is).
    const { inventory, ...rest } = form
    const parsed = optionUpdateSchema.safeParse(inventory === String(option.inventory) ? rest : form)
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    save.mutate(parsed.data)
  }

  return { ids, editing, setEditing, form, setForm, errors, saving: save.isPending, submit }
}

type OptionEditorState = ReturnType<typeof useOptionEditor>

/** The option as listed: badge, value, adjustment, stock, pre-order and Inactive badges, edit and delete. */
function OptionSummary({
  option,
  canEdit,
  onEdit,
  onDelete,
  deleting,
}: {
  option: ProductOption
  canEdit: boolean
  onEdit: () => void
  onDelete: () => void
  deleting: boolean
}) {
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md bg-foreground/5 px-3 py-2 text-sm">
      <Badge variant="outline">{option.name}</Badge>
      <span className="font-medium break-all">{option.value}</span>
      {toCents(option.priceAdjustment) > 0 && <span>+${option.priceAdjustment}</span>}
      <span className="text-muted-foreground">Stock: {option.inventory}</span>
      {option.preorderShipsOn && (
        <Badge variant="outline">
          {preorderLabel(option.preorderShipsOn)}
          {option.preorderCap !== null && `, cap ${option.preorderCap}`}
        </Badge>
      )}
      {!option.isActive && <Badge variant="muted">Inactive</Badge>}
      {canEdit && (
        <span className="ml-auto flex gap-1">
          <Button size="sm" variant="ghost" aria-label={`Edit option ${option.value}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <ConfirmDelete
            label={`Delete option ${option.value}`}
            title="Delete option"
            description="Are you sure you want to delete this option?"
            onConfirm={onDelete}
            disabled={deleting}
          />
        </span>
      )}
    </li>
  )
}

/** The option's fields while edited: value, adjustment, stock, pre-order date and cap, Active, Save and Cancel. */
function OptionEditor({ option, editor }: { option: ProductOption; editor: OptionEditorState }) {
  const { ids, form, setForm, errors, saving } = editor
  const field = (
    key: 'value' | 'priceAdjustment' | 'inventory' | 'preorderShipsOn' | 'preorderCap',
    label: string,
    input: object = {},
  ) => (
    <FormField id={`${ids}-${key}`} label={label} error={errors[key]}>
      <Input
        id={`${ids}-${key}`}
        aria-label={`${label} of ${option.value}`}
        value={form[key]}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        {...input}
      />
    </FormField>
  )

  return (
    <li
      className="grid gap-3 rounded-md border border-border bg-foreground/5 p-3 text-sm"
      aria-label={`Editing option ${option.value}`}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {field('value', 'Value')}
        {field('priceAdjustment', 'Price adjustment', { inputMode: 'decimal' })}
        {field('inventory', 'Stock', { type: 'number' })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('preorderShipsOn', 'Pre-order ships on', { type: 'date' })}
        {field('preorderCap', 'Pre-order cap', { type: 'number', min: 0, placeholder: 'No limit' })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Switch
          id={`${ids}-active`}
          aria-label={`Active: ${option.value}`}
          checked={form.isActive}
          onCheckedChange={(checked) => setForm({ ...form, isActive: checked })}
        />
        <label htmlFor={`${ids}-active`}>Active</label>
        <span className="ml-auto flex gap-2">
          <Button size="sm" onClick={editor.submit} disabled={saving} aria-label={`Save option ${option.value}`}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => editor.setEditing(false)} disabled={saving}>
            Cancel
          </Button>
        </span>
      </div>
    </li>
  )
}

/** One option: its badge, value, adjustment, stock and Inactive badge, or its fields while edited. */
export function OptionRow({
  option,
  productId,
  canEdit,
  onDelete,
  deleting,
}: {
  option: ProductOption
  productId: string
  canEdit: boolean
  onDelete: () => void
  deleting: boolean
}) {
  const editor = useOptionEditor(option, productId)
  if (editor.editing) return <OptionEditor option={option} editor={editor} />
  return (
    <OptionSummary
      option={option}
      canEdit={canEdit}
      onEdit={() => editor.setEditing(true)}
      onDelete={onDelete}
      deleting={deleting}
    />
  )
}
