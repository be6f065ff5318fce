import type { GlobalConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { isTeamMember } from '@/platform/access/isTeamMember'

/**
 * Shipping rates by zone, kept as the admin API sends them (amounts in cents): `zones` is a list of
 * { name, countries, rateCents, freeOverCents }, `restOfWorldCents` the rate for every other country
 * (null: not shipped there). Never saved, the shop ships to the US alone at the flat 5.00.
 */
export const ShippingSettings: GlobalConfig = {
  slug: 'shipping-settings',
  access: { read: isTeamMember, update: isOwnerOrManager },
  fields: [
    { name: 'zones', label: 'Zones', type: 'json' },
    { name: 'restOfWorldCents', label: 'Rest of the world (cents; empty: not shipped)', type: 'number', min: 0 },
  ],
}
