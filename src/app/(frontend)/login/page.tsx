import type { Metadata } from 'next'

import { AuthForm } from '@/components/AuthForm.client'
import { safeNextPath } from '@/lib/safeNext'
import { siteUrl } from '@/server/env'
import { payloadClient } from '@/server/payload'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Sign in', robots: { index: false } }

type Props = { searchParams: Promise<{ invite?: string | string[]; next?: string | string[] }> }

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams
  const invite = Array.isArray(params.invite) ? params.invite[0] : params.invite
  const next = safeNextPath(params.next, siteUrl())
  let mode: 'invite' | 'setup' | 'signin' = 'signin'
  if (invite) mode = 'invite'
  else {
    const payload = await payloadClient()
    const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
    if (totalDocs === 0) mode = 'setup'
  }
  return (
    <main className="page">
      <AuthForm mode={mode} inviteToken={invite ?? ''} next={next} />
    </main>
  )
}
