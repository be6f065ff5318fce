/** Money is kept in integer cents for arithmetic and shown as two-decimal strings. */

/** An amount as typed: up to 8 whole digits and at most two decimals, optionally negative. */
export const AMOUNT = /^-?\d{1,8}(\.\d{1,2})?$/
/** The same, never negative (prices). */
export const UNSIGNED_AMOUNT = /^\d{1,8}(\.\d{1,2})?$/
/** The most cents a 32-bit integer column holds: 21474836.47. */
export const MAX_INT_CENTS = 2_147_483_647

/** An amount as the API sends it: always two decimals ("19.99", "-2.00"). */
export const MONEY = /^-?\d{1,8}\.\d{2}$/

/** Cents from a decimal string ("19.99") or a number with at most two decimals. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim()
  if (!AMOUNT.test(text)) throw new RangeError(`Not a money amount: ${String(value)}`)
  const negative = text.startsWith('-')
  const [whole, fraction = ''] = text.replace('-', '').split('.')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return negative ? -cents : cents
}

/** "19.99" from 1999. */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Normalises any stored amount (numeric column, number or string) to "0.00" form. */
export function toMoneyString(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0.00'
  return formatCents(toCents(value))
}

/** "$12.50" from "12.50", and "-$2.50" from "-2.50" (never "$-2.50"). */
export function dollars(amount: string): string {
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`
}
