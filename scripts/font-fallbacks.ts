/**
 * Prints the @font-face rules of Inter's fallbacks (src/styles/globals.css): for each weight the
 * page can ask for, a local font scaled so that Latin text takes the width it will take in Inter,
 * with Inter's ascent and descent. Text first paints in them and Inter replaces them once the page
 * has painted, so the closer they match, the less the swap moves.
 *
 *   node --import tsx scripts/font-fallbacks.ts
 *
 * Widths are measured in Debian's Chromium, as a browser lays the text out (synthetic bold keeps
 * the regular widths, so each weight names the local face of its own weight). Arial, Liberation
 * Sans and Arimo share their widths, so one set of rules serves all three; Roboto (Android's font)
 * is measured from the Roboto files the site ships for its Roboto theme.
 */
import fs from 'node:fs'

import { chromium } from 'playwright'

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium'

/** Letters in English frequency, and spaces for word length: the average width of running text. */
const SAMPLE = 'aaabcdeeeefghiijklmnnoopqrrssttuvwxyz      '
const WEIGHTS = [400, 500, 600, 700, 800] as const
/** Inter's ascent and descent, in em (its file's hhea: 1984 and 494 of 2048 units). */
const INTER_ASCENT = 1984 / 2048
const INTER_DESCENT = 494 / 2048

const fontFile = (file: string) =>
  `url(data:font/woff2;base64,${fs.readFileSync(`node_modules/${file}`).toString('base64')}) format('woff2')`

type Fallback = { family: string; regular: string[]; bold: string[]; measured: { regular: string; bold: string } }

const ARIAL: Fallback = {
  family: 'Inter Fallback',
  regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
  bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold', 'Arimo-Bold'],
  measured: { regular: "local('Liberation Sans')", bold: "local('Liberation Sans Bold')" },
}
const ROBOTO: Fallback = {
  family: 'Inter Fallback Roboto',
  regular: ['Roboto', 'Roboto-Regular'],
  bold: ['Roboto Bold', 'Roboto-Bold'],
  measured: {
    regular: fontFile('@fontsource/roboto/files/roboto-latin-400-normal.woff2'),
    bold: fontFile('@fontsource/roboto/files/roboto-latin-700-normal.woff2'),
  },
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  const page = await browser.newPage()
  const faces = [
    `@font-face{font-family:Inter;src:${fontFile('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')};font-weight:100 900}`,
    ...[ARIAL, ROBOTO].flatMap((f, n) => [
      `@font-face{font-family:F${n};src:${f.measured.regular};font-weight:400}`,
      `@font-face{font-family:F${n};src:${f.measured.bold};font-weight:700}`,
    ]),
  ]
  await page.setContent(`<style>${faces.join('\n')}</style>`)
  /** Average advance per character at 100px, by family and weight. */
  const widths = await page.evaluate(
    async ({ sample, weights }) => {
      const out: Record<string, number> = {}
      for (const family of ['Inter', 'F0', 'F1'])
        for (const weight of weights) {
          await document.fonts.load(`${weight} 100px ${family}`)
          const span = document.createElement('span')
          span.style.cssText = `font:${weight} 100px ${family};white-space:pre`
          span.textContent = sample
          document.body.append(span)
          out[`${family} ${weight}`] = span.getBoundingClientRect().width / sample.length
          span.remove()
        }
      return out
    },
    { sample: SAMPLE, weights: [...WEIGHTS] },
  )
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`
  const rules = [ARIAL, ROBOTO].flatMap((fallback, n) =>
    WEIGHTS.map((weight) => {
      const bold = weight >= 600
      const scale = widths[`Inter ${weight}`]! / widths[`F${n} ${bold ? 700 : 400}`]!
      const src = (bold ? fallback.bold : fallback.regular).map((name) => `local('${name}')`).join(', ')
      return [
        '@font-face {',
        `  font-family: '${fallback.family}';`,
        `  src: ${src};`,
        `  font-weight: ${weight};`,
        `  size-adjust: ${percent(scale)};`,
        `  ascent-override: ${percent(INTER_ASCENT / scale)};`,
        `  descent-override: ${percent(INTER_DESCENT / scale)};`,
        '  line-gap-override: 0%;',
        '}',
      ].join('\n')
    }),
  )
  console.log(rules.join('\n'))
} finally {
  await browser.close()
}
