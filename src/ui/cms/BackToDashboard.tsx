import Link from 'next/link'
import type { ServerProps } from 'payload'

/** The way back from Payload's /cms to the team dashboard, at the top of its navigation, under the band's name. */
export async function BackToDashboard({ payload }: Partial<ServerProps>) {
  const profile = payload
    ? await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true }).catch(() => null)
    : null
  return (
    <div style={{ marginBottom: '1rem' }}>
      {profile?.name && (
        <p style={{ fontWeight: 700, fontSize: '1.1rem', margin: '0 0 0.5rem' }} data-testid="cms-band-name">
          {profile.name}
        </p>
      )}
      <Link href="/admin" className="nav__link" style={{ fontWeight: 600 }}>
        ← Back to the team dashboard
      </Link>
    </div>
  )
}
