import type { Metadata } from 'next'

import { AuthForm } from '@/modules/team/ui/AuthForm.client'
import { safeNextPath } from '@/lib/safeNext'
import { siteUrl } from '@/platform/runtime/env'
import { INVALID_INVITATION, invitationIsOpen } from '@/modules/team/server/accounts'
import { payloadClient } from '@/platform/db/payload'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Sign in', robots: { index: false } }

type Props = { searchParams: Promise<{ invite?: string | string[]; next?: string | string[] }> }

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams
  const invite = Array.isArray(params.invite) ? params.invite[0] : params.invite
  const next = safeNextPath(params.next, siteUrl())
  const payload = await payloadClient()
  let mode: 'invite' | 'setup' | 'signin' = 'signin'
  if (invite) {
    // A used, replaced or expired link says so at once, not after a password is chosen.
    if (!(await invitationIsOpen(payload, invite))) {
      return (
        <main className="page">
          <h1 className="mb-4 font-heading text-2xl font-bold">This invitation no longer works</h1>
          <p role="alert" className="mb-4">
            {INVALID_INVITATION}
          </p>
          <p>
            Already set your password?{' '}
            <a href={`/login?next=${encodeURIComponent(next)}`} className="underline">
              Sign in
            </a>
            .
          </p>
        </main>
      )
    }
    mode = 'invite'
  } else {
    const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
    if (totalDocs === 0) mode = 'setup'
  }
  return (
    <main className="page">
      <AuthForm mode={mode} inviteToken={invite ?? ''} next={next} />
    </main>
  )
}
