import { cn } from '@/ui/cn'

/** A spinning ring with a spoken label. */
export function Spinner({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-foreground/25 border-t-primary"
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}
