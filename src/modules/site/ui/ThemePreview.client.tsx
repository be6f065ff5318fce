'use client'

import { AA_CONTRAST, isCssColour, readableTextOn, textContrast } from '@/lib/color'
import { THEME_DEFAULTS } from '@/modules/site/contract/themeValues'

import type { ThemeFormValues } from './themeForm'

/**
 * A card and a button in the chosen colours, and a warning (only a warning: the band may choose)
 * when text on the cards or on the background falls below WCAG AA contrast.
 */
export function ThemePreview({ form }: { form: ThemeFormValues }) {
  const colour = (value: string, fallback: string) => (isCssColour(value) ? value : fallback)
  const background = colour(form.backgroundColor, THEME_DEFAULTS.backgroundColor)
  const foreground = colour(form.foregroundColor, THEME_DEFAULTS.foregroundColor)
  const card = colour(form.cardColor, THEME_DEFAULTS.cardColor)
  const primary = colour(form.primaryColor, THEME_DEFAULTS.primaryColor)
  const contrasts: [string, number | null][] = [
    ['cards', textContrast(foreground, card)],
    ['the background', textContrast(foreground, background)],
  ]
  const low = contrasts.filter((entry): entry is [string, number] => entry[1] !== null && entry[1] < AA_CONTRAST)
  return (
    <div className="grid gap-3 sm:col-span-2">
      <p className="text-sm font-medium">Preview</p>
      <div className="rounded-lg p-4" style={{ background }}>
        <div
          data-testid="theme-preview"
          className="grid gap-2 rounded-md p-4"
          style={{ background: card, color: foreground }}
        >
          <p className="font-heading text-lg font-bold">Tour Tee</p>
          <p className="text-sm">Text on a card, as the public page shows it.</p>
          <span
            className="justify-self-start rounded-md px-3 py-2 text-sm font-semibold"
            style={{ background: primary, color: readableTextOn(primary) }}
          >
            Add to Cart
          </span>
        </div>
        <p className="mt-2 text-sm" style={{ color: foreground }}>
          Text on the background.
        </p>
      </div>
      {low.map(([where, ratio]) => (
        <p key={where} role="status" className="rounded-md border border-yellow-500/60 bg-yellow-500/10 p-2 text-sm">
          Low contrast: text on {where} is {ratio.toFixed(2)}:1, below the {AA_CONTRAST}:1 that WCAG AA asks for. Some
          visitors may not be able to read it. You can still save.
        </p>
      ))}
    </div>
  )
}
