'use client'

import { ConfirmAction } from '@/ui/admin/ConfirmAction.client'

/**
 * A send button that asks first, naming how many confirmed subscribers the campaign reaches:
 * one click must never mail the whole list unawares.
 */
export function ConfirmSend({
  label,
  title,
  description,
  confirmText,
  onConfirm,
  disabled,
  variant,
}: {
  label: string
  title: string
  description: string
  confirmText: string
  onConfirm: () => void
  disabled?: boolean
  variant?: 'outline'
}) {
  return (
    <ConfirmAction
      variant={variant ?? 'default'}
      title={title}
      description={description}
      confirmText={confirmText}
      onConfirm={onConfirm}
      disabled={disabled}
    >
      {label}
    </ConfirmAction>
  )
}
