import type { Field, NumberField } from 'payload'

import { isShipDate, SHIP_DATE_MESSAGE } from '../contract/preorder'

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
