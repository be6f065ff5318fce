'use client'

import { LoaderCircle } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'

import { Button } from '@/ui/button'

import { ConsentField, CountryField, DiscountCodeField, TextField } from './CheckoutFields.client'
import {
  ADDRESS,
  addressField,
  CONTACT,
  contactField,
  inputId,
  ORDER,
  validateCheckout,
  type CartKind,
  type CheckoutValues,
  type Field,
  type FieldErrors,
  type FieldKey,
  type ValidCheckout,
} from './checkoutValues'

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
  /** A release in the cart asks for the consent box; only releases, for no address. */
  kind: CartKind
}

/**
 * The form's messages: none until a first attempt to place the order, then they follow the input
 * as it is corrected; the first invalid field takes the focus.
 */
function useCheckoutErrors({ values, onValuesChange, onSubmit, creating, disabled, kind }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const tried = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)

  const showErrors = (next: FieldErrors) => {
    setErrors(next)
    const first = ORDER.find((key) => next[key])
    if (first) formRef.current?.querySelector<HTMLInputElement>(`#${inputId(first)}`)?.focus()
  }

  const change = (key: FieldKey, value: string | boolean) => {
    const next = { ...values, [key]: value }
    onValuesChange(next)
    // After a first attempt, messages follow the input as it is corrected.
    if (tried.current) {
      const result = validateCheckout(next, kind)
      setErrors(result.ok ? {} : result.errors)
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (creating || disabled) return
    tried.current = true
    const result = validateCheckout(values, kind)
    if (!result.ok) {
      showErrors(result.errors)
      return
    }
    setErrors({})
    const refused = await onSubmit(result.data)
    if (refused && Object.keys(refused).length > 0) showErrors(refused)
  }

  const setCodeError = (refused: string | null) =>
    setErrors((e) => {
      const { discountCode: _, ...rest } = e
      return refused ? { ...rest, discountCode: refused } : rest
    })

  return { errors, formRef, change, submit, setCodeError }
}

/**
 * The customer form: contact details, the shipping address (only the country, for the tax, when
 * nothing ships), a discount code with its Apply button, and the download's consent box.
 */
export function CheckoutForm(props: Props) {
  const { values, creating, disabled, onApplyCode, appliedCode, kind } = props
  const { errors, formRef, change, submit, setCodeError } = useCheckoutErrors(props)
  const country = values['shippingAddress.country'] || 'US'

  const textField = (field: Field) => (
    <TextField
      key={field.key}
      field={field}
      value={String(values[field.key] ?? '')}
      error={errors[field.key]}
      onChange={(value) => change(field.key, value)}
    />
  )

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Customer details" className="grid gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-heading text-lg font-semibold">Contact</legend>
        {CONTACT.map((field) => textField(contactField(field, kind)))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 font-heading text-lg font-semibold">
          {kind.digitalOnly ? 'Where you live' : 'Shipping Address'}
        </legend>
        {!kind.digitalOnly && ADDRESS.map((field) => textField(addressField(field, country)))}
        <CountryField
          country={country}
          error={errors['shippingAddress.country']}
          onChange={(value) => change('shippingAddress.country', value)}
        />
      </fieldset>
      <DiscountCodeField
        value={values.discountCode ?? ''}
        error={errors.discountCode}
        appliedCode={appliedCode}
        disabled={disabled}
        onChange={(value) => change('discountCode', value)}
        onApplyCode={onApplyCode}
        onCodeError={setCodeError}
      />
      {kind.digital && (
        <ConsentField
          checked={values.digitalConsent === true}
          error={errors.digitalConsent}
          onChange={(checked) => change('digitalConsent', checked)}
        />
      )}
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
