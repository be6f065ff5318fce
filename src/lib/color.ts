import { colord, extend } from 'colord'
import a11yPlugin from 'colord/plugins/a11y'
import hwbPlugin from 'colord/plugins/hwb'
import labPlugin from 'colord/plugins/lab'
import lchPlugin from 'colord/plugins/lch'
import namesPlugin from 'colord/plugins/names'
import oklabPlugin from 'colord/plugins/oklab'
import oklchPlugin from 'colord/plugins/oklch'

import { SAFE_CSS_VALUE } from './validators'

/** CSS colours of the theme: which are valid, and how readable text is on them (WCAG 2), by colord. */
extend([namesPlugin, a11yPlugin, hwbPlugin, labPlugin, lchPlugin, oklabPlugin, oklchPlugin])

type Rgb = [number, number, number]

export const COLOUR_MESSAGE = 'This is not a CSS colour: use one such as #7c3aed, hsl(262,83%,58%) or rebeccapurple'

/** Whether `value` is a CSS colour a browser draws (hex, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or a name). */
export function isCssColour(value: string | null | undefined): value is string {
  if (typeof value !== 'string') return false
  const trimmed = value.trim()
  // The theme's values go into the page's CSS: nothing but a colour's own characters.
  return SAFE_CSS_VALUE.test(trimmed) && colord(trimmed.toLowerCase()).isValid()
}

/** RGB (0-255) of a CSS colour; null when it is not one. */
export function parseColor(input: string): Rgb | null {
  if (!isCssColour(input)) return null
  const { r, g, b } = colord(input.trim().toLowerCase()).toRgb()
  return [r, g, b]
}

export function relativeLuminance([r, g, b]: Rgb): number {
  return colord({ r, g, b }).luminance()
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  return colord({ r: a[0], g: a[1], b: a[2] }).contrast({ r: b[0], g: b[1], b: b[2] })
}

/** The WCAG AA contrast for body text. */
export const AA_CONTRAST = 4.5

/** The contrast of text in `foreground` on `background` (1 to 21), null when either is not a colour. */
export function textContrast(foreground: string, background: string): number | null {
  const fg = parseColor(foreground)
  const bg = parseColor(background)
  return fg && bg ? contrastRatio(fg, bg) : null
}

export const LIGHT_TEXT = '#ffffff'
export const DARK_TEXT = '#0b0a16'

/** White or near-black, whichever reads better on `background` (white when unknown). */
export function readableTextOn(background: string): string {
  const rgb = parseColor(background)
  if (!rgb) return LIGHT_TEXT
  const light = contrastRatio(rgb, [255, 255, 255])
  const dark = contrastRatio(rgb, parseColor(DARK_TEXT)!)
  return light >= AA_CONTRAST || light >= dark ? LIGHT_TEXT : DARK_TEXT
}
