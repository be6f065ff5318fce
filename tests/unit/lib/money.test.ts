import { describe, expect, it } from 'vitest'

import { formatCents, toCents, toMoneyString } from '@/lib/money'

describe('money in cents', () => {
  it('reads decimal strings and two-decimal numbers as exact cents', () => {
    expect(toCents('19.99')).toBe(1999)
    expect(toCents('0.1')).toBe(10)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents('-2.50')).toBe(-250)
    expect(toCents(25)).toBe(2500)
  })

  it('refuses anything that is not an amount', () => {
    for (const bad of ['abc', '1.999', '', '1e3', '--1']) expect(() => toCents(bad)).toThrow(RangeError)
  })

  it('formats cents with two decimals', () => {
    expect(formatCents(500)).toBe('5.00')
    expect(formatCents(1999)).toBe('19.99')
    expect(formatCents(-5)).toBe('-0.05')
    expect(toMoneyString(null)).toBe('0.00')
    expect(toMoneyString(55)).toBe('55.00')
  })

  it('adds prices without floating-point drift', () => {
    const total = ['0.10', '0.20', '19.99'].map(toCents).reduce((a, b) => a + b, 0)
    expect(formatCents(total)).toBe('20.29')
  })
})
