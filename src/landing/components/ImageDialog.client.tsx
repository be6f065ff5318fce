'use client'

import type { ComponentProps } from 'react'

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog.client'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus: (event: Event) => void
  title: string
  description: string
  image: ComponentProps<'img'>
}

/** A product's image, enlarged. */
export default function ImageDialog({ open, onOpenChange, onCloseAutoFocus, title, description, image }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="relative aspect-square w-full overflow-hidden rounded-md">
          {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text */}
          <img {...image} loading="eager" className="absolute inset-0 size-full object-contain" />
        </div>
      </DialogContent>
    </Dialog>
  )
}
