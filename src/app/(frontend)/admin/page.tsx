import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { roleOf } from '@/platform/access/roles'
import { AdminApp } from '@/dashboard/AdminApp.client'
import { env } from '@/platform/runtime/env'
import { payloadClient } from '@/platform/db/payload'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Dashboard', robots: { index: false, follow: false } }

/** The team dashboard. Signed-out visitors go straight to the login endpoint. */
export default async function AdminPage() {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await headers() })
  if (!user || user.collection !== 'users' || roleOf(user) === null) redirect('/api/login')
  return <AdminApp emailService={env().SMTP_URL ? 'smtp' : 'files'} />
}
