'use client'

import { UserRound } from 'lucide-react'
import { lazy, Suspense } from 'react'

import { Button } from '@/components/ui/button'
import { useLazyDialog } from '@/components/ui/lazy-dialog.client'

const loadDialog = () => import('./AdminLoginDialog.client')
const AdminLoginDialog = lazy(loadDialog)

/** The admin-login button; its small modal loads on first use. */
export function AdminLogin() {
  const dialog = useLazyDialog(loadDialog)
  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Admin login" {...dialog.triggerProps}>
        <UserRound aria-hidden="true" />
      </Button>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <AdminLoginDialog open={dialog.open} onOpenChange={dialog.setOpen} onCloseAutoFocus={dialog.returnFocus} />
        </Suspense>
      )}
    </>
  )
}
