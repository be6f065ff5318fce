'use client'

import { AlertDialog as AlertDialogPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/ui/cn'

import { withClasses } from './withClasses'

import { buttonVariants } from './button'

/** A confirmation dialog (Radix): focus starts on Cancel, Escape cancels, a click outside does nothing. */
export const AlertDialog = AlertDialogPrimitive.Root
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger

export function AlertDialogContent({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 data-[state=open]:animate-fade-in" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4',
          'rounded-lg border border-border bg-card-solid p-6 text-foreground shadow-xl focus:outline-none data-[state=open]:animate-zoom-in',
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  )
}

export const AlertDialogHeader = withClasses('div', 'flex flex-col gap-2 text-left')

export const AlertDialogFooter = withClasses('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')

export const AlertDialogTitle = withClasses(AlertDialogPrimitive.Title, 'font-heading text-lg font-bold')

export const AlertDialogDescription = withClasses(AlertDialogPrimitive.Description, 'text-sm text-muted-foreground')

export function AlertDialogAction({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return (
    <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant: 'destructive' }), className)} {...props} />
  )
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />
}
