/** Bio truncation length, in characters. */
export const BIO_PREVIEW_LENGTH = 120

/** The collapsed bio: its first 120 characters followed by '...', or the whole bio when short. */
export function collapseBio(bio: string): { text: string; truncated: boolean } {
  if (bio.length <= BIO_PREVIEW_LENGTH) return { text: bio, truncated: false }
  return { text: `${bio.slice(0, BIO_PREVIEW_LENGTH)}...`, truncated: true }
}

/** Product and profile image paths get the prefix /objects/ when it is missing. */
export function objectImagePath(url: string | null | undefined): string | null {
  const value = url?.trim()
  if (!value) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return null
  const path = value.startsWith('/objects/') ? value : `/objects/${value.replace(/^\/+/, '')}`
  return path.includes('..') ? null : path
}

/** '+$2.00' for a non-zero option price adjustment, '' for '0.00'. */
export function formatAdjustment(priceAdjustment: string): string {
  if (/^-?0+(\.0+)?$/.test(priceAdjustment)) return ''
  return priceAdjustment.startsWith('-') ? `-$${priceAdjustment.slice(1)}` : `+$${priceAdjustment}`
}

export type OptionsState = 'loading' | 'failed' | 'ready'

/** The add-to-cart button's label and whether it is usable: four states. */
export function addToCartState(input: { options: OptionsState; hasOptions: boolean; selected: boolean }): {
  label: string
  disabled: boolean
} {
  if (input.options === 'loading') return { label: 'Loading...', disabled: true }
  if (input.options === 'failed') return { label: 'Loading Options...', disabled: true }
  if (input.hasOptions && !input.selected) return { label: 'Select Size First', disabled: true }
  return { label: 'Add to Cart', disabled: false }
}

/** 'Tee (M) has been added to your cart.' */
export function addedToCartMessage(name: string, optionValue?: string | null): string {
  return `${name}${optionValue ? ` (${optionValue})` : ''} has been added to your cart.`
}
