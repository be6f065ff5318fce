'use client'

import { useRef, useState } from 'react'

import { Button } from '@/ui/button'
import { cn } from '@/ui/cn'

import { DIGITAL_CONSENT } from '@/modules/shop/contract/checkout'

import { COUNTRY_OPTIONS, DISCOUNT, errorId, inputId, type Field } from './checkoutValues'

/** One text field of the checkout form, with its message below when it is invalid. */
export function TextField({
  field,
  value,
  error,
  onChange,
}: {
  field: Field
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className={cn('grid content-start gap-1.5', field.wide && 'sm:col-span-2')}>
      <label htmlFor={inputId(field.key)} className="text-sm font-medium">
        {field.label}
      </label>
      <input
        id={inputId(field.key)}
        name={field.key}
        type={field.type}
        autoComplete={field.autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
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

/** The shipping country, the US first. */
export function CountryField({
  country,
  error,
  onChange,
}: {
  country: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className="grid content-start gap-1.5 sm:col-span-2">
      <label htmlFor="checkout-shippingAddress-country" className="text-sm font-medium">
        Country
      </label>
      <select
        id="checkout-shippingAddress-country"
        name="shippingAddress.country"
        autoComplete="country"
        value={country}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId('shippingAddress.country') : undefined}
        className="h-10 w-full min-w-0 rounded-md border border-border bg-background px-3 text-foreground focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring"
      >
        {COUNTRY_OPTIONS.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId('shippingAddress.country')} className="text-sm text-[hsl(0,90%,78%)]">
          {error}
        </p>
      )}
    </div>
  )
}

/** The box a buyer of a download ticks to get it now, giving up the right of withdrawal; unticked at first. */
export function ConsentField({
  checked,
  error,
  onChange,
}: {
  checked: boolean
  error: string | undefined
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-2">
        <input
          id={inputId('digitalConsent')}
          name="digitalConsent"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId('digitalConsent') : undefined}
          className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
        />
        <label htmlFor={inputId('digitalConsent')} className="text-sm">
          {DIGITAL_CONSENT}
        </label>
      </div>
      {error && (
        <p id={errorId('digitalConsent')} className="text-sm text-[hsl(0,90%,78%)]">
          Tick the box to receive your download.
        </p>
      )}
    </div>
  )
}

type DiscountCodeProps = {
  value: string
  error: string | undefined
  /** The code the summary's price includes ("" for none). */
  appliedCode: string
  disabled: boolean
  onChange: (value: string) => void
  /** Prices the cart with the code typed; answers why it was refused, or null when it applies. */
  onApplyCode: (code: string) => Promise<string | null>
  /** The code's message: why it was refused, or null to clear it. */
  onCodeError: (refused: string | null) => void
}

/** The discount code and its Apply button; Enter in the field applies it rather than placing the order. */
export function DiscountCodeField({
  value,
  error,
  appliedCode,
  disabled,
  onChange,
  onApplyCode,
  onCodeError,
}: DiscountCodeProps) {
  const [applying, setApplying] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const typedCode = value.trim()

  const applyCode = async () => {
    if (applying) return
    setApplying(true)
    try {
      const refused = await onApplyCode(typedCode)
      onCodeError(refused)
      if (refused) inputRef.current?.focus()
    } finally {
      setApplying(false)
    }
  }

  return (
    <fieldset className="grid gap-1.5">
      <legend className="sr-only">Discount</legend>
      <label htmlFor={inputId('discountCode')} className="text-sm font-medium">
        {DISCOUNT.label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId('discountCode')}
          name="discountCode"
          type="text"
          autoComplete="off"
          placeholder={DISCOUNT.placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the code's field applies it rather than placing the order.
            if (event.key === 'Enter') {
              event.preventDefault()
              void applyCode()
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? errorId('discountCode') : appliedCode ? `${inputId('discountCode')}-applied` : undefined
          }
          className={cn(
            'h-10 w-full min-w-0 flex-1 rounded-md border bg-background px-3 text-foreground placeholder:text-muted-foreground',
            'focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring',
            error ? 'border-[hsl(0,90%,72%)]' : 'border-border',
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
      {error ? (
        <p id={errorId('discountCode')} className="text-sm text-[hsl(0,90%,78%)]">
          {error}
        </p>
      ) : (
        appliedCode && (
          <p id={`${inputId('discountCode')}-applied`} className="text-sm text-muted-foreground" role="status">
            Code {appliedCode.toUpperCase()} applied.
          </p>
        )
      )}
    </fieldset>
  )
}
