import type { Metadata } from 'next'

import { AuthForm } from '@/components/AuthForm.client'
import { payloadClient } from '@/server/payload'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Sign in', robots: { index: false } }

type Props = { searchParams: Promise<{ invite?: string | string[]; next?: string | string[] }> }

/** Only same-site paths are followed after sign-in. */
function safeNext(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/admin'
}

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams
  const invite = Array.isArray(params.invite) ? params.invite[0] : params.invite
  const next = safeNext(params.next)
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
