import Link from 'next/link'

export default function SuccessPage() {
  return (
    <main className="page">
      <section className="card">
        <h1>Order Complete!</h1>
        <p>Thank you for your purchase. You will receive an email confirmation shortly.</p>
        <Link className="button" href="/">Back to Home</Link>
      </section>
    </main>
  )
}
