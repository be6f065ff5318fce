import type { CollectionConfig } from 'payload'

import { publicContentAccess } from '@/platform/access/publicContent'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { SHOW_STATUS_NAMES, SHOW_STATUSES } from '@/modules/shows/contract/showStatus'
import { isTimeZone } from '@/platform/time/showTime'
import { isHttpUrl, isHttpUrlOrMailto } from '@/lib/validators'
import { isCountryCode } from '@/lib/countries'
import { revalidateOnChange } from '@/platform/cache/revalidateTags'
import { draftShowAnnouncement, withdrawShowAnnouncements } from '@/modules/newsletter'

import { isActiveField, stableKeyField } from '@/platform/db/fields'
import { bandTimeZone } from './hooks/bandTimeZone'
import { keepTableSales } from '@/modules/merchTable'
import { showDerivedFields } from './hooks/showDerivedFields'

const revalidate = revalidateOnChange(CACHE_TAGS.shows)

export const Shows: CollectionConfig = {
  slug: 'shows',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'venue', 'date', 'city', 'status', 'isActive'] },
  access: publicContentAccess,
  defaultSort: 'date',
  fields: [
    { name: 'title', label: 'Show title', type: 'text', required: true, maxLength: 200 },
    { name: 'venue', label: 'Venue', type: 'text', required: true, maxLength: 200 },
    { name: 'date', label: 'Date', type: 'date', required: true, index: true },
    { name: 'time', label: 'Time', type: 'text', maxLength: 50 },
    {
      name: 'timeZone',
      label: 'Time zone',
      type: 'text',
      maxLength: 100,
      admin: {
        description:
          "IANA time zone, e.g. America/Los_Angeles. Empty: the band's (band profile), also when that changes later.",
      },
      validate: (value: string | null | undefined) =>
        !value || isTimeZone(value) ? true : 'Enter an IANA time zone such as America/Los_Angeles',
    },
    {
      name: 'effectiveTimeZone',
      label: 'Time zone in use',
      type: 'text',
      virtual: true,
      admin: { readOnly: true, description: "Its own time zone, else the band's." },
      hooks: {
        afterRead: [
          ({ siblingData, req, context }) =>
            (siblingData as { timeZone?: string | null }).timeZone || bandTimeZone(req, context),
        ],
      },
    },
    {
      name: 'startsAt',
      label: 'Starts at',
      type: 'date',
      index: true,
      admin: {
        readOnly: true,
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Derived from the date, the time text and the time zone; empty when the time cannot be read.',
      },
    },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      required: true,
      defaultValue: 'scheduled',
      options: SHOW_STATUSES.map((value) => ({ value, label: SHOW_STATUS_NAMES[value] })),
    },
    {
      name: 'previousDate',
      label: 'Previous date',
      type: 'date',
      admin: { description: 'The date it had before it was rescheduled.' },
    },
    {
      name: 'streamUrl',
      label: 'Stream URL',
      type: 'text',
      maxLength: 2000,
      validate: (value: string | null | undefined, { siblingData }: { siblingData: { status?: string } }) => {
        if (value && !isHttpUrl(value)) return 'Enter a full URL (https://…)'
        if (!value && siblingData?.status === 'movedOnline') return 'A show moved online needs its stream URL'
        return true
      },
    },
    {
      name: 'ticketUrl',
      label: 'Ticket URL',
      type: 'text',
      maxLength: 2000,
      validate: (value: string | null | undefined) =>
        !value || isHttpUrlOrMailto(value) ? true : 'Enter a full URL (https://…)',
    },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 5000 },
    { name: 'city', label: 'City', type: 'text', maxLength: 100 },
    { name: 'state', label: 'State', type: 'text', maxLength: 100 },
    {
      name: 'country',
      label: 'Country',
      type: 'text',
      maxLength: 2,
      admin: { description: "Two-letter code such as US: the merch table's sales pay its (and the state's) tax." },
      validate: (value: string | null | undefined) =>
        !value || isCountryCode(value) ? true : 'Use a two-letter country code such as US or DE',
    },
    isActiveField,
    stableKeyField,
    {
      name: 'slug',
      label: 'Page address (slug)',
      type: 'text',
      unique: true,
      index: true,
      maxLength: 120,
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'The show page is /shows/{slug}: made from the title and date once, then kept.',
      },
    },
    {
      name: 'sequence',
      label: 'Calendar revision',
      type: 'number',
      defaultValue: 0,
      admin: { readOnly: true, position: 'sidebar', description: 'Raised on every change (calendar SEQUENCE).' },
    },
  ],
  hooks: {
    beforeChange: [showDerivedFields],
    afterChange: [revalidate.afterChange, draftShowAnnouncement],
    beforeDelete: [keepTableSales],
    afterDelete: [revalidate.afterDelete, withdrawShowAnnouncements],
  },
}
