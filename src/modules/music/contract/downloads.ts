import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'

/** The formats a release is downloaded in: a zip of its tracks' MP3 320 kbps or FLAC renditions. */
export const DOWNLOAD_FORMATS = ['mp3-320', 'flac'] as const
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]
export const isDownloadFormat = (value: string): value is DownloadFormat =>
  (DOWNLOAD_FORMATS as readonly string[]).includes(value)
/** How a format is named to the fan (in the zip's file name too). */
export const FORMAT_LABELS: Record<DownloadFormat, string> = { 'mp3-320': 'MP3 320', flac: 'FLAC' }

/** A release given before its date: the day it comes out and the titles of its ready instant tracks. */
export type PreOrder = { title: string; availableOn: string; instantTracks: string[] }

/** "June 1, 2031" for the calendar day "2031-06-01". */
export const formatReleaseDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })

/**
 * What a link gives now of a pre-order: `Title is out on June 1, 2031. Available now: "Track"; the
 * rest comes on the release date.`, or without instant tracks `Title arrives on June 1, 2031.`
 */
export const preOrderLine = (p: PreOrder) =>
  p.instantTracks.length
    ? `${p.title} is out on ${formatReleaseDay(p.availableOn)}. Available now: ${p.instantTracks
        .map((t) => `"${t}"`)
        .join(', ')}; the rest comes on the release date.`
    : `${p.title} arrives on ${formatReleaseDay(p.availableOn)}.`

/** A pre-ordered release's instant track, downloadable alone before the release date. */
export type DownloadTrack = {
  id: string
  title: string
  position: number
  formats: { format: DownloadFormat; url: string }[]
}

/** `GET /api/downloads/{token}`: what the link's address may download, until when, how many more times. */
export type DownloadRelease = {
  id: string
  title: string
  artworkUrl: string | null
  /** Downloads of this release left through this link (an instant track's download counts as one). */
  downloadsLeft: number
  /** The zips; none before the release date. */
  formats: { format: DownloadFormat; url: string }[]
  /** The release date ("YYYY-MM-DD") of a pre-order not out yet; null once it is out. */
  availableOn: string | null
  /** A pre-order's instant tracks, each downloadable now; empty once the release is out. */
  tracks: DownloadTrack[]
}
export type DownloadLinkAnswer = {
  releases: DownloadRelease[]
  expiresAt: string
  /** The fewest downloads left over the link's releases. */
  downloadsLeft: number
}

/** A fan who lost the link asks for a fresh one by email. */
export const downloadResendSchema = z.object({ email: emailField })

/** How long a download link works, and how many downloads of each release it allows. */
export const musicSettingsSchema = z.object({
  linkValidDays: z.coerce
    .number({ message: 'Enter a whole number of days from 1 to 3650' })
    .int('Enter a whole number of days from 1 to 3650')
    .min(1, 'Enter a whole number of days from 1 to 3650')
    .max(3650, 'Enter a whole number of days from 1 to 3650'),
  downloadsPerRelease: z.coerce
    .number({ message: 'Enter a whole number of downloads from 1 to 1000' })
    .int('Enter a whole number of downloads from 1 to 1000')
    .min(1, 'Enter a whole number of downloads from 1 to 1000')
    .max(1000, 'Enter a whole number of downloads from 1 to 1000'),
})
export type MusicSettings = z.infer<typeof musicSettingsSchema>
