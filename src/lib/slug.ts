/**
 * A title as the readable part of an address: lower-case ASCII words joined by hyphens, accents
 * dropped, "&" read as "and", at most 80 characters ("Night Drive" → "night-drive"); empty when
 * the title has no letter or digit.
 */
export function slugWords(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}
