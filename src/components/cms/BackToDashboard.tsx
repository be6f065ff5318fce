import Link from 'next/link'

/** The way back from Payload's /cms to the team dashboard, at the top of its navigation. */
export function BackToDashboard() {
  return (
    <Link href="/admin" className="nav__link" style={{ fontWeight: 600, marginBottom: '1rem' }}>
      ← Back to the team dashboard
    </Link>
  )
}
