import Link from 'next/link'

export default function NotFound() {
  return (
    <main className="page">
      <section className="card">
        <h1>Page Not Found</h1>
        <p className="muted">The page you are looking for does not exist.</p>
        <Link className="button" href="/">Back to Home</Link>
      </section>
    </main>
  )
}
