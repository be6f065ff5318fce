'use client'

import { UserRound } from 'lucide-react'
import { lazy, Suspense } from 'react'

import { Button } from '@/ui/button'
import { useLazyDialog } from '@/ui/lazy-dialog.client'

import { useLive } from '@/ui/useLive'

const loadDialog = () => import('./AdminLoginDialog.client')
const AdminLoginDialog = lazy(loadDialog)

/**
 * The admin-login button; its small modal loads on first use. Until the page's script is live it is
 * a plain link to the sign-in page, which works without it.
 */
export function AdminLogin() {
  const dialog = useLazyDialog(loadDialog)
  const live = useLive()
  if (!live)
    return (
      <Button variant="ghost" size="icon" asChild>
        {/* A plain link: the landing page carries no client router. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/login" aria-label="Admin login">
          <UserRound aria-hidden="true" />
        </a>
      </Button>
    )
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
