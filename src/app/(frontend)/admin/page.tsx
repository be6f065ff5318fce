import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { roleOf } from '@/access/roles'
import { payloadClient } from '@/server/payload'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } }

export default async function AdminPage() {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await headers() })
  if (!user || user.collection !== 'users' || roleOf(user) === null) redirect('/api/login')
  return (
    <main className="page">
      <section className="card">
        <h1>Band Profile</h1>
        <p>
          Signed in as {user.email} ({user.role}).
        </p>
        <p className="muted">Content can be edited in the content manager.</p>
        <p>
          {roleOf(user) !== 'viewer' && (
            <a className="button" href="/cms">
              Open content manager
            </a>
          )}{' '}
          <a href="/api/logout">Logout</a>
        </p>
      </section>
    </main>
  )
}
