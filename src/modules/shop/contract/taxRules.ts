import { usStateCode } from './usStates'

/**
 * Sales tax and VAT: the rates the team sets and the tax of an order. A rate is a percent with at
 * most three decimals, kept as thousandths of a percent so every step is integer arithmetic.
 */

export type TaxAppliesTo = 'all' | 'physical' | 'digital'

export type TaxRate = {
  /** ISO 3166 alpha-2. */
  country: string
  /** A US state code such as "CA", or null for the whole country. */
  region: string | null
  /** "Sales tax", "VAT". */
  name: string
  /** Percent as text, "7.25". */
  rate: string
  appliesTo: TaxAppliesTo
  taxShipping: boolean
}

export type TaxSettings = { pricesIncludeTax: boolean; rates: TaxRate[] }

/** Until the team sets rates: no tax anywhere. */
export const NO_TAX: TaxSettings = { pricesIncludeTax: false, rates: [] }

export type TaxLine = { name: string; rate: string; amountCents: number }

/** The parts of an order a tax is charged on, after the discount. */
export type TaxBase = { physicalCents: number; digitalCents: number; shippingCents: number }

/** "7.25" → 7250 thousandths of a percent. */
export function rateThousandths(rate: string): number {
  const [whole = '0', fraction = ''] = rate.trim().split('.')
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3))
}

/** "7.250" → "7.25", "19.000" → "19": a rate as people write it. */
export function rateLabel(rate: string): string {
  const thousandths = rateThousandths(rate)
  const whole = Math.floor(thousandths / 1000)
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** numerator / denominator rounded half-up, for non-negative integers (exact in BigInt). */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n))
}

/**
 * The rates charged on an order shipped to `country` (and `region`, the US state): the region's
 * own rates when it has any, else the country's rates without a region; none for a place
 * without a rate. A state written out ("California") is read as its code.
 */
export function ratesFor(settings: TaxSettings, country: string, region: string | null | undefined): TaxRate[] {
  const inCountry = settings.rates.filter((r) => r.country === country.toUpperCase())
  const wanted = usStateCode(region ?? '')
  const regional = wanted ? inCountry.filter((r) => r.region !== null && r.region.toUpperCase() === wanted) : []
  return regional.length > 0 ? regional : inCountry.filter((r) => r.region === null)
}

/** The part of the base one rate is charged on. */
function taxedCents(rate: TaxRate, base: TaxBase): number {
  const goods =
    rate.appliesTo === 'all'
      ? base.physicalCents + base.digitalCents
      : rate.appliesTo === 'physical'
        ? base.physicalCents
        : base.digitalCents
  return goods + (rate.taxShipping ? base.shippingCents : 0)
}

/**
 * One line per rate, each rounded half-up to the cent on its own. Added to the prices (exclusive):
 * base × rate / 100. Included in them: the part of the gross that is tax, gross × rate / (100 +
 * rate); with several rates on one base, each its share, gross × rate / (100 + all the rates).
 */
export function taxLines(rates: TaxRate[], base: TaxBase, pricesIncludeTax: boolean): TaxLine[] {
  const total = BigInt(rates.reduce((sum, r) => sum + rateThousandths(r.rate), 0))
  return rates.map((rate) => {
    const thousandths = BigInt(rateThousandths(rate.rate))
    const cents = BigInt(Math.max(0, taxedCents(rate, base)))
    const amountCents = pricesIncludeTax
      ? roundHalfUp(cents * thousandths, 100_000n + total)
      : roundHalfUp(cents * thousandths, 100_000n)
    return { name: rate.name, rate: rateLabel(rate.rate), amountCents }
  })
}

/** "Sales tax 7.25 %", or "incl. VAT 19 %" when the tax is part of the prices. */
export function taxLabel(line: { name: string; rate: string }, pricesIncludeTax: boolean): string {
  return `${pricesIncludeTax ? 'incl. ' : ''}${line.name} ${line.rate} %`
}
