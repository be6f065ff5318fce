import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { contrastRatio, parseColor, readableTextOn } from '@/lib/color'
import { sanitizeCustomCss } from '@/modules/site/contract/customCss'
import { serializeJsonLd } from '@/lib/jsonLd'
import { iconName, safeIconClass } from '@/modules/site/contract/linkIcons'
import {
  addedToCartMessage,
  addToCartState,
  collapseBio,
  formatAdjustment,
  objectImagePath,
} from '@/modules/site/contract/publicText'
import { formatShowDate } from '@/platform/time/showDates'
import { THEME_DEFAULTS } from '@/modules/site/contract/themeValues'
import { themeCss } from '@/modules/site/ui/themeStyle'

describe('add-to-cart button', () => {
  it('has the four states of the specification, disabled in the first three', () => {
    expect(addToCartState({ options: 'loading', hasOptions: false, selected: false })).toEqual({
      label: 'Loading...',
      disabled: true,
    })
    expect(addToCartState({ options: 'failed', hasOptions: false, selected: false })).toEqual({
      label: 'Loading Options...',
      disabled: true,
    })
    expect(addToCartState({ options: 'ready', hasOptions: true, selected: false })).toEqual({
      label: 'Select Size First',
      disabled: true,
    })
    expect(addToCartState({ options: 'ready', hasOptions: true, selected: true })).toEqual({
      label: 'Add to Cart',
      disabled: false,
    })
    expect(addToCartState({ options: 'ready', hasOptions: false, selected: false })).toEqual({
      label: 'Add to Cart',
      disabled: false,
    })
  })

  it("names the product and option in the 'Added to cart' toast", () => {
    expect(addedToCartMessage('Tour Tee', 'XL')).toBe('Tour Tee (XL) has been added to your cart.')
    expect(addedToCartMessage('Vinyl', null)).toBe('Vinyl has been added to your cart.')
  })

  it("shows '+$amount' only for a non-zero adjustment", () => {
    expect(formatAdjustment('2.00')).toBe('+$2.00')
    expect(formatAdjustment('0.00')).toBe('')
    expect(formatAdjustment('-1.50')).toBe('-$1.50')
  })
})

describe('bio', () => {
  it("collapses to 120 characters followed by '...'", () => {
    const bio = 'x'.repeat(150)
    expect(collapseBio(bio)).toEqual({ text: `${'x'.repeat(120)}...`, truncated: true })
    expect(collapseBio('short')).toEqual({ text: 'short', truncated: false })
    expect(collapseBio('y'.repeat(120)).truncated).toBe(false)
  })
})

describe('show dates', () => {
  it('are month and day when compact, with weekday and year when expanded (en-US, the stored day)', () => {
    expect(formatShowDate('2026-12-05T12:00:00.000Z', false)).toBe('Dec 5')
    expect(formatShowDate('2026-12-05T12:00:00.000Z', true)).toBe('Saturday, December 5, 2026')
  })

  it('read as the browser writes a date it cannot read, never an error', () => {
    expect(formatShowDate('not a date', false)).toBe('Invalid Date')
    expect(formatShowDate(new Date(Number.NaN), true)).toBe('Invalid Date')
  })

  it('read the same for any day (or none that can be read), however often formatted and in whichever order, as the date written out on its own', () => {
    const day = fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2199-12-31T00:00:00Z'),
      noInvalidDate: false,
    })
    fc.assert(
      fc.property(fc.array(fc.tuple(day, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 5 }), (calls) => {
        for (const [date, expanded, asText] of calls) {
          const alone = date.toLocaleDateString(
            'en-US',
            expanded
              ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
              : { month: 'short', day: 'numeric', timeZone: 'UTC' },
          )
          const text = Number.isNaN(date.getTime()) ? 'not a date' : date.toISOString()
          expect(formatShowDate(asText ? text : date, expanded)).toBe(alone)
        }
      }),
    )
  })
})

describe('image paths', () => {
  it('get the /objects/ prefix when it is missing and refuse other hosts', () => {
    expect(objectImagePath('/objects/a/b.png')).toBe('/objects/a/b.png')
    expect(objectImagePath('uploads/b.png')).toBe('/objects/uploads/b.png')
    expect(objectImagePath('https://evil.example/x.png')).toBeNull()
    expect(objectImagePath('//evil.example/x.png')).toBeNull()
    expect(objectImagePath('/objects/../secret')).toBeNull()
    expect(objectImagePath('')).toBeNull()
  })
})

describe('custom CSS', () => {
  it('keeps ordinary rules', () => {
    expect(sanitizeCustomCss('h1 { letter-spacing: 2px; }')).toBe('h1 { letter-spacing: 2px; }')
  })

  it('cannot leave the style element', () => {
    const out = sanitizeCustomCss('a{} </style><script>alert(1)</script>')
    expect(out).not.toContain('<')
  })

  it('loads nothing remote: @import, remote url(), image-set and escapes are removed', () => {
    const out = sanitizeCustomCss(
      [
        '@import url("https://evil.example/a.css");',
        '@import "https://evil.example/b.css";',
        'body { background: url(https://evil.example/c.png) }',
        "div { background: url('//evil.example/d.png') }",
        'p { background: image-set("https://evil.example/e.png" 1x) }',
        'q { background: u\\72l(https://evil.example/f.png) }',
        '@\\69mport "https://evil.example/g.css";',
        'b { background: url(/*x*/https://evil.example/h.png) }',
      ].join('\n'),
    )
    expect(out).not.toMatch(/@import/i)
    // What is left of them is inert: unknown functions and at-rules the browser drops.
    expect(out).not.toMatch(/(url|image-set|image|src)\(/i)
    expect(out).not.toContain('\\')
  })

  it('keeps same-origin /objects/ images', () => {
    expect(sanitizeCustomCss('body { background: url("/objects/bg.png") }')).toBe(
      'body { background: url("/objects/bg.png") }',
    )
    expect(sanitizeCustomCss("body { background: url('/objects/../x') }")).toBe('body { background: none }')
  })
})

describe('theme', () => {
  it('becomes CSS custom properties, with a fixed background image', () => {
    const css = themeCss({
      ...THEME_DEFAULTS,
      backgroundImage: '/objects/bg.jpg',
      backgroundStyle: 'contain',
      cardOpacity: 0.8,
    })
    expect(css).toContain('--background:hsl(247,47%,9%)')
    expect(css).toContain('--card-opacity:80%')
    expect(css).toContain('--radius:0.75rem')
    expect(css).toContain('--theme-font-body:var(--font-inter)')
    expect(css).toContain('background-image:url("/objects/bg.jpg")')
    expect(css).toContain('background-size:contain')
    expect(css).toContain('background-attachment:fixed')
  })

  it('falls back to the defaults for values that could break out of the declaration', () => {
    const css = themeCss({
      backgroundColor: 'red;}</style>',
      borderRadius: '9rem',
      fontFamily: 'Comic Sans',
      backgroundImage: 'https://x.example/a.png',
    })
    expect(css).toContain('--background:hsl(247,47%,9%)')
    expect(css).toContain('--radius:0.75rem')
    expect(css).toContain('--theme-font-body:var(--font-inter)')
    expect(css).not.toContain('background-image')
    expect(css).not.toContain('<')
  })

  it('picks button text that meets WCAG AA on the primary and accent colours', () => {
    for (const colour of [
      THEME_DEFAULTS.primaryColor,
      THEME_DEFAULTS.accentColor,
      '#ffffff',
      '#000000',
      'hsl(50,100%,50%)',
    ]) {
      const text = readableTextOn(colour)
      expect(contrastRatio(parseColor(colour)!, parseColor(text)!)).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('parses the colour forms the theme form accepts', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255])
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30])
    expect(parseColor('hsl(0,100%,50%)')!.map(Math.round)).toEqual([255, 0, 0])
    expect(parseColor('nonsense')).toBeNull()
  })
})

describe('JSON-LD', () => {
  it('escapes < so the script element cannot be closed', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(out).not.toContain('<')
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})

describe('link icons', () => {
  it('finds the icon name in a Font Awesome class string', () => {
    expect(iconName('fa-brands fa-instagram')).toBe('instagram')
    expect(iconName('fab fa-spotify')).toBe('spotify')
    expect(iconName('fa-solid fa-arrow-up-right-from-square')).toBe('arrow-up-right-from-square')
    expect(iconName('')).toBeNull()
  })

  it('only lets plain class names into the page', () => {
    expect(safeIconClass('fa-solid fa-drum')).toBe('fa-solid fa-drum')
    expect(safeIconClass('x" onmouseover="alert(1)')).toBeNull()
  })
})
