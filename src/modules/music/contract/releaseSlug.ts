/**
 * The readable part of a release's address: its title in lower-case ASCII words joined by hyphens
 * ("night-drive"). A taken slug gets "-2", "-3"… when it is made.
 */
export function releaseSlugBase(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return words || 'release'
}
