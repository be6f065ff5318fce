import type { GlobalConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { isTeamMember } from '@/platform/access/isTeamMember'

/**
 * Sales tax and VAT, kept as the admin API sends them: `rates` is a list of { country, region,
 * name, rate, appliesTo, taxShipping }, `pricesIncludeTax` whether the prices already include
 * the tax, `homeCountry`/`homeRegion` the band's own place (the tax report's thresholds
 * leave it out). Never saved, the shop charges no tax.
 */
export const TaxSettings: GlobalConfig = {
  slug: 'tax-settings',
  access: { read: isTeamMember, update: isOwnerOrManager },
  fields: [
    { name: 'pricesIncludeTax', label: 'Prices include tax', type: 'checkbox', defaultValue: false },
    { name: 'rates', label: 'Rates', type: 'json' },
    { name: 'homeCountry', label: "The band's country", type: 'text', maxLength: 2 },
    { name: 'homeRegion', label: "The band's US state", type: 'text', maxLength: 2 },
  ],
}
