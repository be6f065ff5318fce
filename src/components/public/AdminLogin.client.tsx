'use client'

import { UserRound } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'

/** The small admin-login modal: its Sign In button is a plain navigation to /api/login. */
export function AdminLogin() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Admin login">
          <UserRound aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Admin Login</DialogTitle>
          <DialogDescription>Click below to sign in with your admin account.</DialogDescription>
        </DialogHeader>
        <Button asChild className="w-full">
          <a href="/api/login">Sign In</a>
        </Button>
      </DialogContent>
    </Dialog>
  )
}
