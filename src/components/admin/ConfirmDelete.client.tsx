'use client'

import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog.client'
import { Button } from '@/components/ui/button'

/** A delete button that asks first. */
export function ConfirmDelete({
  label,
  title = 'Are you sure?',
  description,
  onConfirm,
  disabled,
  children,
}: {
  /** The button's accessible name, e.g. "Delete Instagram". */
  label: string
  title?: string
  description: ReactNode
  onConfirm: () => void
  disabled?: boolean
  children?: ReactNode
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size={children ? 'sm' : 'icon'} aria-label={label} disabled={disabled} className="text-red-300 hover:text-red-200">
          <Trash2 aria-hidden="true" />
          {children}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
