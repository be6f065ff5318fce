'use client'

import { Badge } from '@/ui/badge'
import { Card } from '@/ui/card'
import type { DiscountCodeItem } from '@/modules/shop/contract/types'
import { discountCodeFormSchema } from '@/modules/shop/contract/discountCode'

import { FormField } from '@/ui/admin/FormField.client'
import { KEYS } from '@/ui/admin/mutations.client'
import { RecordDialog, useRecordForm, useSaveRecord } from '@/ui/admin/RecordDialog.client'
import { RecordList, useRecords, type Resource } from '@/ui/admin/RecordList.client'

const CODES: Resource = { noun: 'discount code', path: '/api/admin/discount-codes', invalidate: [KEYS.discountCodes] }

/** What a code gives, in words. */
function describe(code: DiscountCodeItem): string {
  if (code.kind === 'percent') return `${code.value}% off`
  if (code.kind === 'amount') return `$${code.value} off`
  return 'Free shipping'
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '')

/** The Products tab's discount codes: each with its limits, uses and revenue; owners and managers edit. */
export function DiscountCodesPanel() {
  return (
    <RecordList<DiscountCodeItem>
      title="Discount Codes"
      section
      addLabel="Add Discount Code"
      query={useRecords<DiscountCodeItem>(KEYS.discountCodes)}
      empty={<>No discount codes yet.</>}
      listLabel="Discount codes"
      itemName={(code) => code.code}
      resource={CODES}
      confirmDelete={(code) => `Are you sure you want to delete the discount code "${code.code}"?`}
      renderItem={(code, { canEdit, editButton, deleteButton }) => (
        <Card className="flex items-center gap-4 p-4">
          <div className="min-w-0 flex-1">
            <h3 className="font-mono font-semibold">{code.code}</h3>
            <p className="text-sm">{describe(code)}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span>
                Uses: {code.uses}
                {code.maxUses !== null && ` of ${code.maxUses}`}
              </span>
              <span>Revenue: ${code.revenue}</span>
              {code.minSubtotal && <span>Minimum ${code.minSubtotal}</span>}
              {(code.startsAt || code.endsAt) && (
                <span>
                  {day(code.startsAt) || '…'} to {day(code.endsAt) || '…'}
                </span>
              )}
              {code.oncePerEmail && <Badge variant="muted">Once per email</Badge>}
              {code.productIds.length > 0 && (
                <Badge variant="muted">
                  {code.productIds.length} {code.productIds.length === 1 ? 'product' : 'products'}
                </Badge>
              )}
            </div>
          </div>
          {canEdit && (
            <div className="flex shrink-0 gap-1">
              {editButton()}
              {deleteButton()}
            </div>
          )}
        </Card>
      )}
      renderDialog={(code, onClose) => <DiscountCodeDialog code={code} onClose={onClose} />}
    />
  )
}

function DiscountCodeDialog({ code, onClose }: { code: DiscountCodeItem | null; onClose: () => void }) {
  const save = useSaveRecord(code, CODES, onClose, { createOrUpdate: true })
  const { form, set, errors, submit, text, toggle } = useRecordForm(
    {
      code: code?.code ?? '',
      kind: code?.kind ?? 'percent',
      value: code?.value === null || code?.value === undefined ? '' : String(code.value),
      minSubtotal: code?.minSubtotal ?? '',
      startsAt: day(code?.startsAt ?? null),
      endsAt: day(code?.endsAt ?? null),
      maxUses: code?.maxUses === null || code?.maxUses === undefined ? '' : String(code.maxUses),
      oncePerEmail: code?.oncePerEmail ?? false,
    },
    discountCodeFormSchema,
    (data) => save.mutate(data),
    'discount',
  )
  return (
    <RecordDialog
      title={code ? 'Edit Discount Code' : 'Add Discount Code'}
      description="Buyers type the code at checkout; it is matched whatever the case."
      submitLabel={code ? 'Update Discount Code' : 'Create Discount Code'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {text('code', 'Code', { placeholder: 'FANCLUB10', autoComplete: 'off' })}
      <FormField id="discount-kind" label="Kind" error={errors.kind}>
        <select
          id="discount-kind"
          value={form.kind}
          onChange={(e) => set('kind', e.target.value as typeof form.kind)}
          className="h-10 rounded-md border border-border bg-background px-3"
        >
          <option value="percent">Percent off</option>
          <option value="amount">Amount off (USD)</option>
          <option value="freeShipping">Free shipping</option>
        </select>
      </FormField>
      {form.kind !== 'freeShipping' &&
        text('value', form.kind === 'percent' ? 'Percent' : 'Amount (USD)', {
          inputMode: 'decimal',
          placeholder: form.kind === 'percent' ? '10' : '5.00',
        })}
      {text('minSubtotal', 'Minimum subtotal (USD, optional)', { inputMode: 'decimal' })}
      {text('startsAt', 'Starts (optional)', { type: 'date' })}
      {text('endsAt', 'Ends (optional)', { type: 'date' })}
      {text('maxUses', 'Uses allowed (optional)', { inputMode: 'numeric' })}
      {toggle('oncePerEmail', 'Once per email address')}
    </RecordDialog>
  )
}
