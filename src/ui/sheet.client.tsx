'use client'

import { cva, type VariantProps } from 'class-variance-authority'
import { Dialog as SheetPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/ui/cn'

import { CloseButton } from './close-button.client'
import { withClasses } from './withClasses'

/** A side panel (a Radix dialog): traps focus, closes on Escape, returns focus to its trigger. */
export const Sheet = SheetPrimitive.Root
export const SheetTrigger = SheetPrimitive.Trigger
export const SheetClose = SheetPrimitive.Close

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-card-solid text-foreground shadow-xl focus:outline-none border-border',
  {
    variants: {
      side: {
        right: 'inset-y-0 right-0 h-full w-full border-l sm:max-w-md data-[state=open]:animate-slide-in-right',
        left: 'inset-y-0 left-0 h-full w-full border-r sm:max-w-md data-[state=open]:animate-slide-in-left',
      },
    },
    defaultVariants: { side: 'right' },
  },
)

export function SheetContent({
  side,
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & VariantProps<typeof sheetVariants> & { closeLabel?: string }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 data-[state=open]:animate-fade-in" />
      <SheetPrimitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        <CloseButton label={closeLabel} className="right-4 top-4" />
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  )
}

export const SheetHeader = withClasses('div', 'flex flex-col gap-1.5 border-b border-border p-6 pr-14')

export const SheetFooter = withClasses('div', 'mt-auto flex flex-col gap-2 border-t border-border p-6')

export const SheetTitle = withClasses(SheetPrimitive.Title, 'font-heading text-lg font-bold')

export const SheetDescription = withClasses(SheetPrimitive.Description, 'text-sm text-muted-foreground')
