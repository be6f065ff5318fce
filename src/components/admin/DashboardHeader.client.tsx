'use client'

import { LogOut } from 'lucide-react'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'

/** The tab's title, its add or edit button, and Logout. */
export function DashboardHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-border pb-4">
      <h1 className="font-heading text-2xl font-bold">{title}</h1>
      <div className="flex flex-wrap items-center gap-2">
        {action}
        <Button variant="outline" onClick={() => window.location.assign('/api/logout')}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </div>
    </header>
  )
}
