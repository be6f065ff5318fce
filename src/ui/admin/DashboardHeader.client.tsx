'use client'

import { LogOut } from 'lucide-react'
import type { ReactNode } from 'react'

import { Button } from '@/ui/button'

/**
 * The tab's title, its add or edit button, and Logout. A second list in the same tab (`section`)
 * gets a level-two heading and no Logout: a page has one main heading and one Logout.
 */
export function DashboardHeader({
  title,
  action,
  section = false,
}: {
  title: string
  action?: ReactNode
  section?: boolean
}) {
  const Heading = section ? 'h2' : 'h1'
  return (
    <header
      className={
        section
          ? 'mt-10 mb-4 flex flex-wrap items-center justify-between gap-3'
          : 'mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-border pb-4'
      }
    >
      <Heading className={section ? 'font-heading text-xl font-bold' : 'font-heading text-2xl font-bold'}>
        {title}
      </Heading>
      <div className="flex flex-wrap items-center gap-2">
        {action}
        {!section && (
          <Button variant="outline" onClick={() => window.location.assign('/api/logout')}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        )}
      </div>
    </header>
  )
}
