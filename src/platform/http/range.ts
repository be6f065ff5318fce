import type { ByteRange } from '@/platform/storage/types'

/**
 * The one byte range a `Range` header asks of an object of `size` bytes: null without the header
 * (the whole object), 'unsatisfiable' for anything else than one range of bytes inside the object
 * (`bytes=a-b`, `bytes=a-`, `bytes=-n`; an end past the object is cut to its last byte).
 */
export function parseRange(header: string | null, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === null) return null
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '') || size === 0) return 'unsatisfiable'
  const [, first, last] = match as unknown as [string, string, string]
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}
