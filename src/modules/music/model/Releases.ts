import type { CollectionConfig, NumberField } from 'payload'

import { publicContentAccess } from '@/platform/access/publicContent'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { revalidateOnChange } from '@/platform/cache/revalidateTags'
import { imagePathField, isActiveField } from '@/platform/db/fields'
import { PRICING_MODES } from '@/modules/music/contract/pricing'
import { RELEASE_TYPES } from '@/modules/music/contract/release'

import { moveWaitingGrants } from './hooks/grantDays'
import { collectReleaseFiles, deleteReleaseFiles } from './hooks/releaseFiles'
import { releaseSlug } from './hooks/releaseSlug'

const revalidate = revalidateOnChange(CACHE_TAGS.releases)

/** An amount in integer cents, never negative. */
const cents = (name: string, label: string): NumberField => ({
  name,
  label,
  type: 'number',
  min: 0,
  max: 2_147_483_647,
  admin: { step: 1 },
  validate: (value: number | null | undefined) =>
    value == null || (Number.isInteger(value) && value >= 0) ? true : 'Enter a whole number of cents',
})

/**
 * The band's releases for sale: an album, EP or single, at a fixed price or for what the fan
 * names (at least a minimum). The release date is a calendar day as the band announces it.
 */
export const Releases: CollectionConfig = {
  slug: 'releases',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'type', 'releaseDate', 'isActive'] },
  access: publicContentAccess,
  defaultSort: '-releaseDate',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    {
      name: 'slug',
      label: 'Slug',
      type: 'text',
      unique: true,
      index: true,
      admin: { readOnly: true, description: 'Made from the title when the release is created.' },
    },
    {
      name: 'type',
      label: 'Type',
      type: 'select',
      required: true,
      options: RELEASE_TYPES.map((t) => ({ label: t === 'EP' ? 'EP' : t[0]!.toUpperCase() + t.slice(1), value: t })),
    },
    {
      name: 'releaseDate',
      label: 'Release date',
      type: 'text',
      required: true,
      index: true,
      admin: { description: 'The day as the band announces it, YYYY-MM-DD.' },
      validate: (value: string | null | undefined) =>
        value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? true : 'Enter the release date as YYYY-MM-DD',
    },
    imagePathField('artworkUrl'),
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 5000 },
    { name: 'credits', label: 'Credits', type: 'textarea', maxLength: 5000 },
    isActiveField,
    {
      name: 'pricingMode',
      label: 'Pricing',
      type: 'select',
      required: true,
      defaultValue: 'fixed',
      options: PRICING_MODES.map((m) => ({ label: m === 'fixed' ? 'Fixed price' : 'Name your price', value: m })),
    },
    cents('priceCents', 'Price (cents)'),
    cents('minimumCents', 'Minimum (cents)'),
    cents('suggestedCents', 'Suggested (cents)'),
  ],
  hooks: {
    beforeChange: [releaseSlug],
    afterChange: [revalidate.afterChange, moveWaitingGrants],
    beforeDelete: [collectReleaseFiles],
    afterDelete: [revalidate.afterDelete, deleteReleaseFiles],
  },
}
