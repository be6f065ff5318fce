import { randomUUID } from 'node:crypto'

import type { Field, NumberField, TextField } from 'payload'

import { IMAGE_PATH_MESSAGE, isImagePath, normalizeImagePath } from '@/lib/objectPath'
import { isShipDate, SHIP_DATE_MESSAGE } from '@/lib/preorder'

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

/**
 * A whole number of items in stock; never below 0 (a CHECK constraint backs this up), except on
 * pre-order, where it may go down to minus the pre-order's cap: the units owed beyond stock.
 */
export function stockField(name = 'inventory', defaultValue = 0): NumberField {
  return {
    name,
    label: 'Stock',
    type: 'number',
    defaultValue,
    required: true,
    validate: (value: number | null | undefined, { siblingData }: { siblingData?: Record<string, unknown> }) => {
      if (value === null || value === undefined) return true
      if (!Number.isInteger(value)) return 'Stock must be a whole number.'
      if (value >= 0) return true
      if (!siblingData?.preorderShipsOn) return 'Stock must be a whole number of 0 or more.'
      const cap = siblingData.preorderCap
      if (typeof cap === 'number' && value < -cap)
        return `On pre-order, stock can go down to -${cap} (minus the pre-order cap), not below.`
      return true
    },
  }
}

/**
 * A product's (without sizes) or a size's pre-order: a ship date ("YYYY-MM-DD"; empty: not on
 * pre-order) and an optional cap, the units it may sell beyond its stock.
 */
export const preorderFields: Field[] = [
  {
    name: 'preorderShipsOn',
    label: 'Pre-order ships on',
    type: 'text',
    maxLength: 10,
    admin: { description: 'A date (YYYY-MM-DD) puts it on pre-order: it sells beyond its stock and ships then.' },
    hooks: { beforeValidate: [({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : null)] },
    validate: (value: string | null | undefined, { siblingData }: { siblingData?: Record<string, unknown> }) => {
      if (value) return isShipDate(value) ? true : SHIP_DATE_MESSAGE
      const stock = Number(siblingData?.inventory ?? 0)
      return stock < 0
        ? `${-stock} pre-ordered ${-stock === 1 ? 'unit is' : 'units are'} not in stock yet: enter the stock that has arrived before ending the pre-order.`
        : true
    },
  },
  {
    name: 'preorderCap',
    label: 'Pre-order cap',
    type: 'number',
    admin: { description: 'How many units it may sell beyond its stock; empty: no limit.' },
    validate: (value: number | null | undefined, { siblingData }: { siblingData?: Record<string, unknown> }) => {
      if (value === null || value === undefined) return true
      if (!Number.isInteger(value) || value < 0) return 'The pre-order cap must be a whole number of 0 or more.'
      const stock = Number(siblingData?.inventory ?? 0)
      return siblingData?.preorderShipsOn && stock < -value
        ? `${-stock} units are already pre-ordered beyond stock: the cap cannot be lower.`
        : true
    },
  },
]

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
