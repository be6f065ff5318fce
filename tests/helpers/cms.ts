/** The collections Payload's REST API serves under /api/cms/{slug}, as the fuzz and hardening tests try them. */
export const CMS_COLLECTIONS = [
  'users',
  'links',
  'products',
  'product-options',
  'orders',
  'order-items',
  'payment-events',
  'shows',
  'subscribers',
  'media',
]

/** Payload's globals under /api/cms/globals/{slug}. */
export const CMS_GLOBALS = ['band-profile', 'theme-settings']
