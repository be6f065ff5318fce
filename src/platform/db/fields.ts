import { randomUUID } from 'node:crypto'

import type { Field, NumberField, TextField } from 'payload'

import { IMAGE_PATH_MESSAGE, isImagePath, normalizeImagePath } from '@/lib/objectPath'

/** A field's label in /cms from its name: "priceAdjustment" → "Price adjustment" (the column keeps its name). */
export const humanLabel = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words[0]!.toUpperCase() + words.slice(1)
}

/** Money columns become numeric(10,2) in the migrations; the API shows them as "0.00" strings. */
export function moneyField(
  name: string,
  overrides: Partial<NumberField> = {},
  { allowNegative = false } = {},
): NumberField {
  return {
    name,
    // Every amount is in US dollars, as the shop charges.
    label: `${humanLabel(name)} (USD)`,
    type: 'number',
    min: allowNegative ? -99_999_999.99 : 0,
    max: 99_999_999.99,
    validate: (value: number | null | undefined, { required }: { required?: boolean }) => {
      if (value === null || value === undefined) return required ? 'This field is required.' : true
      if (!Number.isFinite(value) || Math.round(value * 100) !== Number((value * 100).toFixed(6)))
        return 'Use an amount with at most two decimals.'
      if (!allowNegative && value < 0) return 'The amount cannot be negative.'
      return true
    },
    ...overrides,
  } as NumberField
}

export const isActiveField: Field = {
  name: 'isActive',
  label: 'Active',
  type: 'checkbox',
  defaultValue: true,
  required: true,
}

/**
 * A record's stable key: made once when the record is created (a content import may bring the
 * file's own) and never changed afterwards, whichever way an update comes. Content files match
 * records across sites by it, since titles, URLs, venues and names may repeat.
 */
export const stableKeyField: TextField = {
  name: 'key',
  type: 'text',
  required: true,
  unique: true,
  index: true,
  maxLength: 100,
  defaultValue: () => randomUUID(),
  // Only the system (overrideAccess) may choose a key on create; nobody may change one.
  access: { create: () => false, update: () => false },
  // Internal: nobody edits it, so /cms does not show it.
  admin: {
    readOnly: true,
    hidden: true,
    description: 'Made when the record is created and never changed; content files match records by it.',
  },
  hooks: {
    beforeChange: [
      ({ operation, previousValue, value }) =>
        operation === 'update' && previousValue ? previousValue : value || randomUUID(),
    ],
    // A copy is a new record, with a key of its own.
    beforeDuplicate: [() => randomUUID()],
  },
}

/**
 * An image shown on the site: a path of its stored files (`/objects/...`), whichever way a write
 * comes (the team API, /cms, Payload's REST API, the Local API). A bare key gets the prefix and an
 * upload URL becomes its path, as in the team API; other URLs are refused.
 */
export function imagePathField(name: string): TextField {
  return {
    name,
    // "imageUrl" → "Image", "profileImageUrl" → "Profile image"
    label: humanLabel(name.replace(/Url$/, '')),
    type: 'text',
    maxLength: 2000,
    hooks: {
      beforeValidate: [({ value }) => (typeof value === 'string' ? normalizeImagePath(value) || null : value)],
    },
    validate: (value: string | null | undefined) => !value || isImagePath(value) || IMAGE_PATH_MESSAGE,
  }
}
