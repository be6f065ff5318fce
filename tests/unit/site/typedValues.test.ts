import { describe, expect, it } from 'vitest'

import { isCssColour, textContrast } from '@/lib/color'
import { productSchema } from '@/modules/catalog/contract/product'
import { themeSchema } from '@/modules/site/contract/theme'
import { THEME_DEFAULTS } from '@/modules/site/contract/themeValues'

describe('prices as people type them', () => {
  it.each([
    ['$5', '5.00'],
    ['US$ 12.5', '12.50'],
    ['1,299.00', '1299.00'],
    ['5,50', '5.50'],
    ['19.99', '19.99'],
  ])('%s is understood as %s', (typed, price) => {
    expect(productSchema.parse({ name: 'Tee', price: typed }).price).toBe(price)
  })

  it('anything else is refused with the spec message', () => {
    const parsed = productSchema.safeParse({ name: 'Tee', price: 'five dollars' })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues[0]!.message).toBe('Price is required (e.g. 19.99)')
  })
})

describe('theme colours', () => {
  it('accepts what a browser draws and refuses the rest', () => {
    for (const c of [
      '#7c3aed',
      'hsl(247,47%,9%)',
      'hsl(262 83% 58%)',
      'rgb(1, 2, 3)',
      'rebeccapurple',
      'oklch(0.5 0.1 200)',
    ])
      expect(isCssColour(c), c).toBe(true)
    for (const c of ['dark blue-ish', '#12345', 'hsl(262,83%)', 'red; color: blue', '', 'url(x)'])
      expect(isCssColour(c), c).toBe(false)
  })

  it('the defaults are valid, and the form schema names the bad field', () => {
    const { notificationEmail: _n, ...theme } = THEME_DEFAULTS
    expect(themeSchema.safeParse({ ...theme, customCss: null }).success).toBe(true)
    const bad = themeSchema.safeParse({ ...theme, customCss: null, cardColor: 'dark blue-ish' })
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['cardColor'])
  })

  it('measures contrast as WCAG 2 does', () => {
    expect(textContrast('#000000', '#ffffff')).toBeCloseTo(21, 0)
    expect(textContrast('#333333', '#222222')!).toBeLessThan(4.5)
    expect(textContrast('nonsense', '#fff')).toBeNull()
  })
})
