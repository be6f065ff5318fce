/** PostgreSQL stores no NUL character in text, and UTF-8 has no lone surrogate halves. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const UNSTORABLE_TEXT_MESSAGE =
  'Text may not hold a NUL character or a broken Unicode character; these are not allowed.'

/**
 * The path (`a.b.0`) of the first string, or object key, in `value` that the database cannot
 * store; `''` for `value` itself; null when everything can be stored.
 */
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null
  if (typeof value !== 'object' || value === null) return null
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key
    if (UNSTORABLE.test(key)) return childPath
    const found = unstorableTextPath(child, childPath)
    if (found !== null) return found
  }
  return null
}
