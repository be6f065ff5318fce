import { getActiveLinks, getBandProfile, getPublicProducts, getUpcomingShows } from '@/server/publicData'

export const dynamic = 'force-dynamic'

export default async function HomePage() {
  const [profile, links, products, shows] = await Promise.all([
    getBandProfile(),
    getActiveLinks(),
    getPublicProducts(true),
    getUpcomingShows(),
  ])
  return (
    <main className="page">
      <section className="card">
        <h1>{profile?.name ?? 'Band Name'}</h1>
        {profile && <p className="muted">{[profile.genre, profile.location].filter(Boolean).join(' • ')}</p>}
        {profile?.bio && <p>{profile.bio}</p>}
      </section>
      <section className="card" aria-labelledby="links-heading">
        <h2 id="links-heading">Links</h2>
        {links.length === 0 ? (
          <p className="muted">No links available yet.</p>
        ) : (
          <ul className="list">
            {links.map((link) => (
              <li key={link.id}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">{link.title}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {shows.length > 0 && (
        <section className="card" aria-labelledby="shows-heading">
          <h2 id="shows-heading">Upcoming Shows</h2>
          <ul className="list">
            {shows.map((show) => (
              <li key={show.id}>
                {new Date(show.date).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })} · {show.title} · {show.venue}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card" aria-labelledby="merch-heading">
        <h2 id="merch-heading">Featured Merch</h2>
        {products.length === 0 ? (
          <p className="muted">No featured products available yet.</p>
        ) : (
          <ul className="list">
            {products.map((product) => (
              <li key={product.id}>{product.name} · ${product.price}</li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}
