import type { Payload } from 'payload'

import { ICON_PRESETS } from '@/lib/iconPresets'
import { THEME_DEFAULTS } from '@/lib/theme'

const SEEDED_KEY = 'demo-content-seeded'
const icon = (label: (typeof ICON_PRESETS)[number]['label']) => ICON_PRESETS.find((p) => p.label === label)!.value

const DAY = 24 * 60 * 60 * 1000
/** A show date `days` from today, kept as that day at noon UTC like the dashboard's date picker. */
function showDate(days: number): string {
  const d = new Date(Date.now() + days * DAY)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12)).toISOString()
}

/**
 * Demo content for a first start, so the public page looks like a real band's.
 * Runs once per database: a marker in Payload's key-value store keeps it from running again,
 * even after the team deletes the demo content.
 */
export async function seedDemoContent(payload: Payload): Promise<boolean> {
  if (await payload.kv.has(SEEDED_KEY)) return false
  const context = { skipRevalidate: true }
  const common = { overrideAccess: true, context } as const

  await payload.updateGlobal({
    slug: 'band-profile',
    data: {
      name: 'The Midnight Static',
      genre: 'Indie Rock',
      location: 'Portland, OR',
      bio:
        'The Midnight Static are a four-piece indie rock band from Portland, Oregon, known for fuzzed-out guitars, ' +
        'late-night synths and choruses made for shouting back. Formed in a basement practice space in 2016, they have ' +
        'released two albums and toured the West Coast every summer since. Their new record, "Neon Lullabies", is out now.',
      profileImageUrl: null,
    },
    ...common,
  })

  await payload.updateGlobal({ slug: 'theme-settings', data: { ...THEME_DEFAULTS }, ...common })

  const links = [
    { title: 'Listen on Spotify', url: 'https://open.spotify.com/', icon: icon('Spotify') },
    { title: 'Instagram', url: 'https://www.instagram.com/', icon: icon('Instagram') },
    { title: 'YouTube', url: 'https://www.youtube.com/', icon: icon('YouTube') },
    { title: 'Bandcamp', url: 'https://bandcamp.com/', icon: icon('Bandcamp') },
    { title: 'Apple Music', url: 'https://music.apple.com/', icon: icon('Apple Music') },
    { title: 'TikTok', url: 'https://www.tiktok.com/', icon: icon('TikTok') },
    { title: 'Booking', url: 'mailto:booking@example.com', icon: icon('Email') },
  ]
  for (const [order, link] of links.entries()) {
    await payload.create({ collection: 'links', data: { ...link, order, isActive: true }, ...common })
  }

  const products = [
    { name: 'Neon Lullabies Tour Tee', price: 25, category: 'Apparel', inventory: 0, isFeatured: true, sizes: [12, 20, 15, 8],
      description: 'Soft black cotton tee with the Neon Lullabies cover on the front and 2026 tour dates on the back.' },
    { name: 'Static Logo Hoodie', price: 55, category: 'Apparel', inventory: 0, isFeatured: true, sizes: [5, 10, 10, 4],
      description: 'Heavyweight pullover hoodie with an embroidered logo.' },
    { name: 'Neon Lullabies Vinyl', price: 30, category: 'Music', inventory: 40, isFeatured: true, sizes: null,
      description: '180 g translucent pink vinyl with a printed lyric sheet.' },
    { name: 'Enamel Pin Set', price: 12, category: 'Accessories', inventory: 60, isFeatured: false, sizes: null,
      description: 'Three enamel pins: logo, moon and cassette.' },
    { name: 'Signed Tour Poster', price: 20, category: 'Prints', inventory: 0, isFeatured: true, sizes: null,
      description: 'A2 screen-printed poster signed by the band. Sold out, more coming soon.' },
  ]
  for (const { sizes, ...product } of products) {
    const created = await payload.create({
      collection: 'products',
      data: { ...product, isActive: true, imageUrl: null },
      ...common,
    })
    if (!sizes) continue
    for (const [i, value] of ['S', 'M', 'L', 'XL'].entries()) {
      await payload.create({
        collection: 'product-options',
        data: { productId: created.id, name: 'Size', value, priceAdjustment: value === 'XL' ? 2 : 0, inventory: sizes[i]!, isActive: true },
        ...common,
      })
    }
  }

  const shows = [
    { title: 'Neon Lullabies Release Show', venue: 'Crystal Ballroom', city: 'Portland', state: 'OR', days: 14, time: '8:00 PM' },
    { title: 'Live at The Showbox', venue: 'The Showbox', city: 'Seattle', state: 'WA', days: 30, time: '7:30 PM' },
    { title: 'Summer Static Tour', venue: 'The Fillmore', city: 'San Francisco', state: 'CA', days: 45, time: '9:00 PM' },
    { title: 'Hometown Warm-up', venue: 'Doug Fir Lounge', city: 'Portland', state: 'OR', days: -20, time: '7:00 PM' },
  ]
  for (const { days, ...show } of shows) {
    await payload.create({
      collection: 'shows',
      data: {
        ...show,
        date: showDate(days),
        ticketUrl: 'https://tickets.example.com/',
        description: `${show.title} with special guests. All ages.`,
        isActive: true,
      },
      ...common,
    })
  }

  await payload.kv.set(SEEDED_KEY, { at: new Date().toISOString() })
  return true
}
