import type { HTMLInputTypeAttribute } from 'react'
import type { z } from 'zod'

import { COUNTRY_CODES, countryName, needsState } from '@/lib/countries'
import { firstMessagePerField } from '@/lib/zodIssues'
import {
  checkoutFormSchema,
  digitalContactSchema,
  DIGITAL_CONSENT,
  type CheckoutForm as CheckoutFormInput,
  type OrderAddress,
} from '@/modules/shop/contract/checkout'

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
  | 'digitalConsent'

/** The form's values; the discount code is optional. */
export type CheckoutValues = Record<
  Exclude<FieldKey, 'discountCode' | 'shippingAddress.country' | 'digitalConsent'>,
  string
> & {
  discountCode?: string
  /** The box asking for the download now (shown when the cart holds a release). */
  digitalConsent?: boolean
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

export type Field = {
  key: FieldKey
  label: string
  type: HTMLInputTypeAttribute
  autoComplete: string
  placeholder?: string
  wide?: boolean
}

export const CONTACT: Field[] = [
  { key: 'customerName', label: 'Full Name', type: 'text', autoComplete: 'name', wide: true },
  { key: 'customerEmail', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'customerPhone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
]

export const ADDRESS: Field[] = [
  { key: 'shippingAddress.street', label: 'Street Address', type: 'text', autoComplete: 'street-address', wide: true },
  { key: 'shippingAddress.city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { key: 'shippingAddress.state', label: 'State', type: 'text', autoComplete: 'address-level1' },
  { key: 'shippingAddress.zipCode', label: 'ZIP Code', type: 'text', autoComplete: 'postal-code' },
]

/** Countries by name, the US first. */
export const COUNTRY_OPTIONS: [string, string][] = [
  ['US', countryName('US')],
  ...COUNTRY_CODES.filter((c) => c !== 'US')
    .map((c): [string, string] => [c, countryName(c)])
    .sort((a, b) => a[1].localeCompare(b[1])),
]

/** When nothing ships (releases only), the phone is optional and its label says so. */
export function contactField(field: Field, kind: CartKind): Field {
  return kind.digitalOnly && field.key === 'customerPhone' ? { ...field, label: 'Phone Number (optional)' } : field
}

/** Outside the US the address's labels follow the country: a postal code, and a state only where needed. */
export function addressField(field: Field, country: string): Field {
  if (country === 'US') return field
  if (field.key === 'shippingAddress.zipCode') return { ...field, label: 'Postal Code' }
  if (field.key === 'shippingAddress.state')
    return { ...field, label: needsState(country) ? 'State / Province' : 'State / Province (optional)' }
  return field
}

export const DISCOUNT: Field = {
  key: 'discountCode',
  label: 'Discount code',
  type: 'text',
  autoComplete: 'off',
  placeholder: 'Optional',
  wide: true,
}

/** Field order, for focusing the first invalid one. */
export const ORDER: FieldKey[] = [
  ...[...CONTACT, ...ADDRESS].map((f) => f.key),
  'shippingAddress.country',
  'discountCode',
  'digitalConsent',
]
const isFieldKey = (key: string): key is FieldKey => (ORDER as string[]).includes(key)

export const inputId = (key: FieldKey) => `checkout-${key.replace('.', '-')}`
export const errorId = (key: FieldKey) => `${inputId(key)}-error`

/**
 * The parsed form: trimmed, email lowercased, the address (only its country, US unless chosen,
 * when nothing ships), the discount code when one was typed and the download consent.
 */
export type ValidCheckout = Omit<z.output<typeof checkoutFormSchema>, 'shippingAddress' | 'customerPhone'> & {
  /** Null when the phone of an order of releases only was left out. */
  customerPhone: string | null
  shippingAddress: OrderAddress
  discountCode?: string
  digitalConsent?: boolean
}

/** What the cart holds: a release (the consent box), only releases (no address). */
export type CartKind = { digital: boolean; digitalOnly: boolean }

/** The form as the order request wants it, with the checkout's message per field. */
export function validateCheckout(
  values: CheckoutValues,
  kind: CartKind = { digital: false, digitalOnly: false },
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
  const country = input.shippingAddress.country ?? 'US'
  const result = kind.digitalOnly
    ? digitalContactSchema.transform((contact) => ({ ...contact, shippingAddress: { country } })).safeParse(input)
    : checkoutFormSchema.safeParse(input)
  const discountCode = values.discountCode?.trim() ?? ''
  const consent: FieldErrors = kind.digital && !values.digitalConsent ? { digitalConsent: DIGITAL_CONSENT } : {}
  if (result.success && !consent.digitalConsent)
    return {
      ok: true,
      data: {
        ...result.data,
        ...(discountCode ? { discountCode } : {}),
        ...(kind.digital ? { digitalConsent: true } : {}),
      },
    }
  const errors = result.success ? {} : pickFieldErrors(firstMessagePerField(result.error.issues))
  return { ok: false, errors: { ...errors, ...consent } }
}

/** The errors that belong to a field of this form (e.g. from the server's 400 answer). */
export function pickFieldErrors(errors: Record<string, string> | undefined): FieldErrors {
  const picked: FieldErrors = {}
  for (const [key, message] of Object.entries(errors ?? {})) if (isFieldKey(key)) picked[key] = message
  return picked
}
