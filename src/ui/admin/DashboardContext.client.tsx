'use client'

import { createContext, useContext } from 'react'

import type { TeamUser } from '@/modules/team/contract/types'

export type Dashboard = {
  user: TeamUser
  /** Owners and managers edit content; viewers only read. */
  canEdit: boolean
  isOwner: boolean
  /** How the server sends email (shown on the Subscribers tab). */
  emailService: 'smtp' | 'files'
}

export const DashboardContext = createContext<Dashboard | null>(null)

export function useDashboard(): Dashboard {
  const value = useContext(DashboardContext)
  if (!value) throw new Error('useDashboard must be used inside the dashboard')
  return value
}
