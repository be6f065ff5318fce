/** Just enough CSS colour parsing to pick readable text colours for theme colours (WCAG 2). */

type Rgb = [number, number, number]

const NAMED: Record<string, Rgb> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  purple: [128, 0, 128],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  navy: [0, 0, 128],
  orange: [255, 165, 0],
  yellow: [255, 255, 0],
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const sat = s / 100
  const light = l / 100
  const k = (n: number) => (n + h / 30) % 12
  const a = sat * Math.min(light, 1 - light)
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [f(0) * 255, f(8) * 255, f(4) * 255]
}

/** RGB (0-255) of a hex, rgb() or hsl() colour or a few names; null when it cannot tell. */
export function parseColor(input: string): Rgb | null {
  const value = input.trim().toLowerCase()
  if (NAMED[value]) return NAMED[value]
  const hex = value.match(/^#([0-9a-f]{3,8})$/)
  if (hex) {
    let digits = hex[1]!
    if (digits.length === 3 || digits.length === 4) digits = [...digits.slice(0, 3)].map((d) => d + d).join('')
    if (digits.length !== 6 && digits.length !== 8) return null
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb
  }
  const fn = value.match(/^(rgba?|hsla?)\(([^)]*)\)$/)
  if (!fn) return null
  const parts = fn[2]!.split(/[\s,/]+/).filter(Boolean)
  if (parts.length < 3) return null
  const num = (part: string) => parseFloat(part)
  if (fn[1]!.startsWith('rgb')) {
    return parts.slice(0, 3).map((p) => (p.endsWith('%') ? (num(p) * 255) / 100 : num(p))) as Rgb
  }
  const rgb = hslToRgb(((num(parts[0]!) % 360) + 360) % 360, num(parts[1]!), num(parts[2]!))
  return rgb.some(Number.isNaN) ? null : rgb
}

export function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export const LIGHT_TEXT = '#ffffff'
export const DARK_TEXT = '#0b0a16'

/** White or near-black, whichever reads better on `background` (white when unknown). */
export function readableTextOn(background: string): string {
  const rgb = parseColor(background)
  if (!rgb) return LIGHT_TEXT
  const light = contrastRatio(rgb, [255, 255, 255])
  const dark = contrastRatio(rgb, parseColor(DARK_TEXT)!)
  return light >= 4.5 || light >= dark ? LIGHT_TEXT : DARK_TEXT
}
