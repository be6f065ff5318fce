import { slugWords } from '@/lib/slug'

/**
 * The readable part of a release's address: its title in lower-case ASCII words joined by hyphens
 * ("night-drive"). A taken slug gets "-2", "-3"… when it is made.
 */
export function releaseSlugBase(title: string): string {
  return slugWords(title) || 'release'
}

/** Whether a path segment can be a release's slug (what the pages look up). */
export const isReleaseSlug = (value: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 120
