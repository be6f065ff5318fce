/**
 * The deepest nesting a JSON body may have. Real records (rich text included) stay far below it;
 * thousands of nested arrays would exhaust the stack of every recursive walk over the parsed value.
 */
export const MAX_JSON_DEPTH = 100

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`

/** Whether the JSON text `text` nests objects and arrays deeper than `max`, read without parsing it. */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}
