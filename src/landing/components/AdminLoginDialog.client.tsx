'use client'

import { Button } from '@/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog.client'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCloseAutoFocus: (event: Event) => void }

/** The small admin-login modal: its Sign In button is a plain navigation to /api/login. */
export default function AdminLoginDialog({ open, onOpenChange, onCloseAutoFocus }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Admin Login</DialogTitle>
          <DialogDescription>Click below to sign in with your admin account.</DialogDescription>
        </DialogHeader>
        <Button asChild className="w-full">
          {/* A route handler that redirects to the sign-in page, not a page: a full navigation. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/api/login">Sign In</a>
        </Button>
      </DialogContent>
    </Dialog>
  )
}
