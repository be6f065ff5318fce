/** Cache tag names shared by the public readers and the hooks that invalidate them. */
export const CACHE_TAGS = {
  bandProfile: 'band-profile',
  links: 'links',
  products: 'products',
  productOptions: 'product-options',
  shows: 'shows',
  releases: 'releases',
  themeSettings: 'theme-settings',
} as const

export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS]
