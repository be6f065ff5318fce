/** A leading article the band's name carries itself ("The Midnight Static", "A Flock of Seagulls"). */
const OWN_ARTICLE = /^(the|a|an)\s+\S/i

/** Whether the band's name starts with an article of its own. */
export const hasOwnArticle = (name: string) => OWN_ARTICLE.test(name.trim())

/**
 * The band's name as it reads where a phrase needs "the" before it ("invited to the Bandname
 * team"): a name that has its own article keeps it and gets no second one ("invited to The
 * Midnight Static team"); `sentenceStart` capitalises an added "The". Without a name, "the band".
 */
export function theBand(name: string, { sentenceStart = false } = {}): string {
  const trimmed = name.trim()
  const article = sentenceStart ? 'The' : 'the'
  if (!trimmed) return `${article} band`
  return hasOwnArticle(trimmed) ? trimmed : `${article} ${trimmed}`
}
