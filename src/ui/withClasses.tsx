import type { ComponentProps, ElementType } from 'react'

import { cn } from '@/ui/cn'

/**
 * A styled part of a component: renders `Component` (an HTML tag or a component) with `classes`,
 * followed by any `className` it is given, and passes every other prop through.
 */
export function withClasses<C extends ElementType>(Component: C, classes: string) {
  const Tag = Component as ElementType
  function Styled({ className, ...props }: ComponentProps<C>) {
    return <Tag className={cn(classes, className as string | undefined)} {...props} />
  }
  return Styled
}
