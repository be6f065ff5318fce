'use client'

import { LoaderCircle } from 'lucide-react'
import { useRef, useState, type FormEvent, type HTMLInputTypeAttribute } from 'react'
import type { z } from 'zod'

import { Button } from '@/ui/button'
import { cn } from '@/ui/cn'
import { COUNTRY_CODES, countryName, needsState } from '@/lib/countries'
import { firstMessagePerField } from '@/lib/zodIssues'
import { checkoutFormSchema, type CheckoutForm as CheckoutFormInput } from '@/modules/shop/contract/checkout'

export type FieldKey =
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'shippingAddress.street'
  | 'shippingAddress.city'
  | 'shippingAddress.state'
  | 'shippingAddress.zipCode'
  | 'shippingAddress.country'
  | 'discountCode'

/** The form's values; the discount code is optional. */
export type CheckoutValues = Record<Exclude<FieldKey, 'discountCode' | 'shippingAddress.country'>, string> & {
  discountCode?: string
  /** ISO 3166 alpha-2; US when absent. */
  'shippingAddress.country'?: string
}
export type FieldErrors = Partial<Record<FieldKey, string>>

export const EMPTY_VALUES: CheckoutValues = {
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  'shippingAddress.street': '',
  'shippingAddress.city': '',
  'shippingAddress.state': '',
  'shippingAddress.zipCode': '',
  discountCode: '',
}

type Field = {
  key: FieldKey
  label: string
  type: HTMLInputTypeAttribute
  autoComplete: string
  placeholder?: string
  wide?: boolean
}

const CONTACT: Field[] = [
  { key: 'customerName', label: 'Full Name', type: 'text', autoComplete: 'name', wide: true },
  { key: 'customerEmail', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'customerPhone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
]

const ADDRESS: Field[] = [
  { key: 'shippingAddress.street', label: 'Street Address', type: 'text', autoComplete: 'street-address', wide: true },
  { key: 'shippingAddress.city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { key: 'shippingAddress.state', label: 'State', type: 'text', autoComplete: 'address-level1' },
  { key: 'shippingAddress.zipCode', label: 'ZIP Code', type: 'text', autoComplete: 'postal-code' },
]

/** Countries by name, the US first. */
const COUNTRY_OPTIONS: [string, string][] = [
  ['US', countryName('US')],
  ...COUNTRY_CODES.filter((c) => c !== 'US')
    .map((c): [string, string] => [c, countryName(c)])
    .sort((a, b) => a[1].localeCompare(b[1])),
]

/** Outside the US the address's labels follow the country: a postal code, and a state only where needed. */
function addressField(field: Field, country: string): Field {
  if (country === 'US') return field
  if (field.key === 'shippingAddress.zipCode') return { ...field, label: 'Postal Code' }
  if (field.key === 'shippingAddress.state')
    return { ...field, label: needsState(country) ? 'State / Province' : 'State / Province (optional)' }
  return field
}

const DISCOUNT: Field = {
  key: 'discountCode',
  label: 'Discount code',
  type: 'text',
  autoComplete: 'off',
  placeholder: 'Optional',
  wide: true,
}

/** Field order, for focusing the first invalid one. */
const ORDER: FieldKey[] = [...[...CONTACT, ...ADDRESS].map((f) => f.key), 'shippingAddress.country', 'discountCode']
const isFieldKey = (key: string): key is FieldKey => (ORDER as string[]).includes(key)

const inputId = (key: FieldKey) => `checkout-${key.replace('.', '-')}`
const errorId = (key: FieldKey) => `${inputId(key)}-error`

/** The parsed form: trimmed, email lowercased, the country (US unless chosen), and the discount code when one was typed. */
export type ValidCheckout = z.output<typeof checkoutFormSchema> & { discountCode?: string }

/** The form as the order request wants it, with the checkout's message per field. */
export function validateCheckout(
  values: CheckoutValues,
): { ok: true; data: ValidCheckout } | { ok: false; errors: FieldErrors } {
  const input: CheckoutFormInput = {
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    customerPhone: values.customerPhone,
    shippingAddress: {
      street: values['shippingAddress.street'],
      city: values['shippingAddress.city'],
      state: values['shippingAddress.state'],
      zipCode: values['shippingAddress.zipCode'],
      country: values['shippingAddress.country'] || 'US',
    },
  }
  const result = checkoutFormSchema.safeParse(input)
  const discountCode = values.discountCode?.trim() ?? ''
  if (result.success) return { ok: true, data: { ...result.data, ...(discountCode ? { discountCode } : {}) } }
  return { ok: false, errors: pickFieldErrors(firstMessagePerField(result.error.issues)) }
}

/** The errors that belong to a field of this form (e.g. from the server's 400 answer). */
export function pickFieldErrors(errors: Record<string, string> | undefined): FieldErrors {
  const picked: FieldErrors = {}
  for (const [key, message] of Object.entries(errors ?? {})) if (isFieldKey(key)) picked[key] = message
  return picked
}

type Props = {
  values: CheckoutValues
  onValuesChange: (values: CheckoutValues) => void
  /** Places the order; answers the server's field errors when it refused some. */
  onSubmit: (data: ValidCheckout) => Promise<FieldErrors | null>
  creating: boolean
  disabled: boolean
  /** Prices the cart with the code typed; answers why it was refused, or null when it applies. */
  onApplyCode: (code: string) => Promise<string | null>
  /** The code the summary's price includes ("" for none). */
  appliedCode: string
}

/** The customer form: contact details, the shipping address, and a discount code with its Apply button. */
export function CheckoutForm({
  values,
  onValuesChange,
  onSubmit,
  creating,
  disabled,
  onApplyCode,
  appliedCode,
}: Props) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [applying, setApplying] = useState(false)
  const tried = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)

  const showErrors = (next: FieldErrors) => {
    setErrors(next)
    const first = ORDER.find((key) => next[key])
    if (first) formRef.current?.querySelector<HTMLInputElement>(`#${inputId(first)}`)?.focus()
  }

  const change = (key: FieldKey, value: string) => {
    const next = { ...values, [key]: value }
    onValuesChange(next)
    // After a first attempt, messages follow the input as it is corrected.
    if (tried.current) {
      const result = validateCheckout(next)
      setErrors(result.ok ? {} : result.errors)
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (creating || disabled) return
    tried.current = true
    const result = validateCheckout(values)
    if (!result.ok) {
      showErrors(result.errors)
      return
    }
    setErrors({})
    const refused = await onSubmit(result.data)
    if (refused && Object.keys(refused).length > 0) showErrors(refused)
  }

  const country = values['shippingAddress.country'] || 'US'
  const typedCode = values.discountCode?.trim() ?? ''

  const applyCode = async () => {
    if (applying) return
    setApplying(true)
    try {
      const refused = await onApplyCode(typedCode)
      setErrors((e) => {
        const { discountCode: _, ...rest } = e
        return refused ? { ...rest, discountCode: refused } : rest
      })
      if (refused) formRef.current?.querySelector<HTMLInputElement>(`#${inputId('discountCode')}`)?.focus()
    } finally {
      setApplying(false)
    }
  }

  const renderField = (field: Field) => {
    const error = errors[field.key]
    return (
      <div key={field.key} className={cn('grid content-start gap-1.5', field.wide && 'sm:col-span-2')}>
        <label htmlFor={inputId(field.key)} className="text-sm font-medium">
          {field.label}
        </label>
        <input
          id={inputId(field.key)}
          name={field.key}
          type={field.type}
          autoComplete={field.autoComplete}
          value={values[field.key] ?? ''}
          onChange={(event) => change(field.key, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(field.key) : undefined}
          className={cn(
            'h-10 w-full min-w-0 rounded-md border bg-background px-3 text-foreground placeholder:text-muted-foreground',
            'focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring',
            error ? 'border-[hsl(0,90%,72%)]' : 'border-border',
          )}
        />
        {error && (
          <p id={errorId(field.key)} className="text-sm text-[hsl(0,90%,78%)]">
            {error}
          </p>
        )}
      </div>
    )
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Customer details" className="grid gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-heading text-lg font-semibold">Contact</legend>
        {CONTACT.map(renderField)}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-heading text-lg font-semibold">Shipping Address</legend>
        {ADDRESS.map((field) => renderField(addressField(field, country)))}
        <div className="grid content-start gap-1.5 sm:col-span-2">
          <label htmlFor="checkout-shippingAddress-country" className="text-sm font-medium">
            Country
          </label>
          <select
            id="checkout-shippingAddress-country"
            name="shippingAddress.country"
            autoComplete="country"
            value={country}
            onChange={(event) => change('shippingAddress.country', event.target.value)}
            aria-invalid={errors['shippingAddress.country'] ? true : undefined}
            aria-describedby={errors['shippingAddress.country'] ? errorId('shippingAddress.country') : undefined}
            className="h-10 w-full min-w-0 rounded-md border border-border bg-background px-3 text-foreground focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring"
          >
            {COUNTRY_OPTIONS.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          {errors['shippingAddress.country'] && (
            <p id={errorId('shippingAddress.country')} className="text-sm text-[hsl(0,90%,78%)]">
              {errors['shippingAddress.country']}
            </p>
          )}
        </div>
      </fieldset>
      <fieldset className="grid gap-1.5">
        <legend className="sr-only">Discount</legend>
        <label htmlFor={inputId('discountCode')} className="text-sm font-medium">
          {DISCOUNT.label}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId('discountCode')}
            name="discountCode"
            type="text"
            autoComplete="off"
            placeholder={DISCOUNT.placeholder}
            value={values.discountCode ?? ''}
            onChange={(event) => change('discountCode', event.target.value)}
            onKeyDown={(event) => {
              // Enter in the code's field applies it rather than placing the order.
              if (event.key === 'Enter') {
                event.preventDefault()
                void applyCode()
              }
            }}
            aria-invalid={errors.discountCode ? true : undefined}
            aria-describedby={
              errors.discountCode
                ? errorId('discountCode')
                : appliedCode
                  ? `${inputId('discountCode')}-applied`
                  : undefined
            }
            className={cn(
              'h-10 w-full min-w-0 flex-1 rounded-md border bg-background px-3 text-foreground placeholder:text-muted-foreground',
              'focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring',
              errors.discountCode ? 'border-[hsl(0,90%,72%)]' : 'border-border',
            )}
          />
          <Button
            type="button"
            variant="outline"
            className="h-10"
            onClick={() => void applyCode()}
            disabled={applying || disabled || (!typedCode && !appliedCode)}
            aria-busy={applying || undefined}
          >
            Apply
          </Button>
        </div>
        {errors.discountCode ? (
          <p id={errorId('discountCode')} className="text-sm text-[hsl(0,90%,78%)]">
            {errors.discountCode}
          </p>
        ) : (
          appliedCode && (
            <p id={`${inputId('discountCode')}-applied`} className="text-sm text-muted-foreground" role="status">
              Code {appliedCode.toUpperCase()} applied.
            </p>
          )
        )}
      </fieldset>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={creating || disabled}
        aria-busy={creating || undefined}
      >
        {creating && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        Create Order &amp; Proceed to Payment
      </Button>
    </form>
  )
}
