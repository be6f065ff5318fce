'use client'

import { Trash2, type LucideIcon } from 'lucide-react'
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
} from '@/ui/alert-dialog.client'
import { Button } from '@/ui/button'

type ConfirmProps = {
  title?: string
  description: ReactNode
  onConfirm: () => void
  disabled?: boolean
  /** Fields the dialog asks for before the action (e.g. a tracking number). */
  body?: ReactNode
} & (
  | {
      /** The button's accessible name, e.g. "Delete Instagram". */
      label: string
      /** Text beside the icon; without it the button is the icon alone. */
      children?: ReactNode
    }
  | {
      /** A button named by its own text alone. */
      label?: undefined
      children: string
    }
)

/** A button for an action that cannot be undone: it asks first, in an alert dialog. */
export function ConfirmAction({
  icon: Icon,
  confirmText,
  destructive = false,
  label,
  title = 'Are you sure?',
  description,
  onConfirm,
  disabled,
  children,
  body,
  variant,
}: ConfirmProps & {
  /** Without one, the button is its text alone. */
  icon?: LucideIcon
  confirmText: string
  destructive?: boolean
  /** The button's look, when not the usual outline (or ghost, for a destructive action). */
  variant?: 'default' | 'outline'
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant={variant ?? (destructive ? 'ghost' : 'outline')}
          size={children ? 'sm' : 'icon'}
          aria-label={label}
          disabled={disabled}
          className={destructive ? 'text-red-300 hover:text-red-200' : undefined}
        >
          {Icon && <Icon aria-hidden="true" />}
          {children}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {body}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmText}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** A delete button that asks first. */
export function ConfirmDelete(props: ConfirmProps) {
  return <ConfirmAction icon={Trash2} confirmText="Delete" destructive {...props} />
}
