import type { DownloadFormat } from '@/modules/music/contract/downloads'
import { PREVIEW_SECONDS } from '@/modules/music/contract/track'

/**
 * What a track's master becomes: the stream (MP3 128 kbps), the 30-second preview of it, and the
 * downloads (MP3 320 kbps and FLAC). Each is stored under `renditions/<track id>/<name>.<ext>`.
 */
export const RENDITIONS = {
  stream: { ext: 'mp3', type: 'audio/mpeg', codec: ['-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3'] },
  preview: {
    ext: 'mp3',
    type: 'audio/mpeg',
    codec: ['-t', String(PREVIEW_SECONDS), '-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3'],
  },
  mp3: { ext: 'mp3', type: 'audio/mpeg', codec: ['-c:a', 'libmp3lame', '-b:a', '320k', '-id3v2_version', '3'] },
  flac: { ext: 'flac', type: 'audio/flac', codec: ['-c:a', 'flac'] },
} as const

export type RenditionName = keyof typeof RENDITIONS

/** The rendition a download format is made of (each track of a zip, or an instant track alone). */
export const RENDITION_OF = { 'mp3-320': 'mp3', flac: 'flac' } as const satisfies Record<DownloadFormat, RenditionName>

export const renditionKey = (trackId: string, name: RenditionName) =>
  `renditions/${trackId}/${name}.${RENDITIONS[name].ext}`

export const renditionKeys = (trackId: string) =>
  (Object.keys(RENDITIONS) as RenditionName[]).map((name) => renditionKey(trackId, name))

/** The tags every rendition carries. */
export type Tags = { title: string; artist: string; album: string; track: number; year: string }

/** ffmpeg's arguments to make rendition `name` of `input` at `output`, tagged, with no other metadata. */
export function renditionArgs(name: RenditionName, input: string, output: string, tags: Tags): string[] {
  const metadata = Object.entries({ ...tags, date: tags.year, track: String(tags.track) })
    .filter(([key, value]) => key !== 'year' && value !== '')
    .flatMap(([key, value]) => ['-metadata', `${key}=${value}`])
  return [
    '-i',
    `file:${input}`,
    '-map',
    '0:a:0',
    '-map_metadata',
    '-1',
    ...metadata,
    ...RENDITIONS[name].codec,
    '-f',
    RENDITIONS[name].ext,
    `file:${output}`,
  ]
}
