/** How the public may listen to a ready track: all of it, its first 30 seconds, or not at all. */
export const STREAMING_MODES = ['full', 'preview', 'none'] as const
export type StreamingMode = (typeof STREAMING_MODES)[number]

/** How long a preview plays, in seconds. */
export const PREVIEW_SECONDS = 30
