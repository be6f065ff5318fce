'use client'

import { cva, type VariantProps } from 'class-variance-authority'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/ui/cn'

import { CloseButton } from './close-button.client'
import { withClasses } from './withClasses'

/**
 * Modal dialog (Radix): traps focus, closes on Escape or a click outside, and gives focus back
 * to the control that opened it.
 */
export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close
export const DialogPortal = DialogPrimitive.Portal

export const DialogOverlay = withClasses(
  DialogPrimitive.Overlay,
  'fixed inset-0 z-50 bg-black/70 data-[state=open]:animate-fade-in',
)

const dialogContentVariants = cva(
  'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 ' +
    'gap-4 overflow-y-auto rounded-lg border border-border bg-card-solid p-6 text-foreground shadow-xl ' +
    'focus:outline-none data-[state=open]:animate-zoom-in',
  {
    variants: { size: { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } },
    defaultVariants: { size: 'md' },
  },
)

export function DialogContent({
  className,
  children,
  size,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof dialogContentVariants> & { closeLabel?: string }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(dialogContentVariants({ size }), className)} {...props}>
        {children}
        <CloseButton label={closeLabel} className="right-3 top-3" />
      </DialogPrimitive.Content>
    </DialogPortal>
  )
}

export const DialogHeader = withClasses('div', 'flex flex-col gap-1.5 pr-6 text-left')

export const DialogFooter = withClasses('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')

export const DialogTitle = withClasses(DialogPrimitive.Title, 'font-heading text-lg font-bold leading-tight')

export const DialogDescription = withClasses(DialogPrimitive.Description, 'text-sm text-muted-foreground')
