'use client'

import { Undo2 } from 'lucide-react'

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

/** The Refund button of a paid or shipped order: asks first, naming the amount. */
export function ConfirmRefund({ orderId, total, onConfirm, disabled }: { orderId: string; total: string; onConfirm: () => void; disabled?: boolean }) {
  const number = orderId.slice(0, 8)
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Refund order #${number}`} disabled={disabled}>
          <Undo2 aria-hidden="true" />
          Refund
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Refund order</AlertDialogTitle>
          <AlertDialogDescription>
            Refund ${total} for order #{number} to the customer? The payment goes back through the payment provider, the items return to
            stock and the customer is emailed. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Refund</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
