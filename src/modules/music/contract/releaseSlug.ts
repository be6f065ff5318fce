import { slugWords } from '@/lib/slug'

/**
 * The readable part of a release's address: its title in lower-case ASCII words joined by hyphens
 * ("night-drive"). A taken slug gets "-2", "-3"… when it is made.
 */
export function releaseSlugBase(title: string): string {
  return slugWords(title) || 'release'
}
