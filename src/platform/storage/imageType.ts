/** The image formats the site accepts, recognised by their first bytes (never by name or header). */
export const IMAGE_TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  avif: { mime: 'image/avif', ext: 'avif' },
} as const

export type ImageType = (typeof IMAGE_TYPES)[keyof typeof IMAGE_TYPES]

/** How many leading bytes `detectImageType` needs to see. */
export const SNIFF_BYTES = 64

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))

/** The image type of a file from its leading bytes, or null when it is not an accepted image (SVG included). */
export function detectImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return IMAGE_TYPES.jpeg
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b))
    return IMAGE_TYPES.png
  if (head.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(head, 0, 6))) return IMAGE_TYPES.gif
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return IMAGE_TYPES.webp
  if (isAvif(head)) return IMAGE_TYPES.avif
  return null
}

/** An ISO-BMFF `ftyp` box whose major or compatible brands name AVIF. */
function isAvif(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false
  const boxSize = (head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!
  const end = Math.min(boxSize, head.length)
  const brands = [ascii(head, 8, 12)]
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(head, i, i + 4))
  return brands.includes('avif') || brands.includes('avis')
}
