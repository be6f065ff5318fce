'use client'

import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'

import { cn } from '@/ui/cn'

/** The × in the corner of a dialog or a sheet: closes it, named for screen readers by `label`. */
export function CloseButton({ label, className }: { label: string; className?: string }) {
  return (
    <DialogPrimitive.Close
      className={cn(
        'absolute rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring',
        className,
      )}
      aria-label={label}
    >
      <X className="size-5" aria-hidden="true" />
    </DialogPrimitive.Close>
  )
}
