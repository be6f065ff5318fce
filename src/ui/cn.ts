import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. There is deliberately no Tailwind conflict resolution (tailwind-merge would
 * add ~8 KB to every public page): primitives expose variants (size, variant) as props, and a
 * `className` passed to them should add classes rather than contradict their own (`!` forces one).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
