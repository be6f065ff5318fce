import { slugWords } from '@/lib/slug'
import { showDay } from '@/platform/time/showTime'

/**
 * The readable part of a show's address: its title in lower-case ASCII words joined by hyphens,
 * then its day ("summer-tour-kickoff-2026-12-07"). A taken slug gets "-2", "-3"… when it is made.
 */
export function showSlugBase(title: string, date: string | Date): string {
  return `${slugWords(title) || 'show'}-${showDay(date)}`
}

/** Whether a path segment can be a show's slug (what the pages look up). */
export const isShowSlug = (value: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 120
