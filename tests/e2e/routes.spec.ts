import { BAND, DEMO_SHOWS, expect, test, waitForHydration } from './fixtures'

/** The demo band's featured products. */
const DEMO_FEATURED = ['Neon Lullabies Tour Tee', 'Neon Lullabies Vinyl', 'Signed Tour Poster', 'Static Logo Hoodie']

test.describe('routes', () => {
  for (const path of ['/', '/landing', '/merch']) {
    test(`${path} serves the public page`, async ({ page }) => {
      const res = await page.goto(path)
      expect(res?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: BAND })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Featured Merch' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Stay Updated' })).toBeVisible()
    })
  }

  test('/success shows Order Complete! with the thank-you text and a Back to Home button', async ({
    page,
    baseURL,
  }) => {
    const res = await page.goto('/success')
    expect(res?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
    await expect(
      page.getByText('Thank you for your purchase. You will receive an email confirmation shortly.'),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
  })

  test('any other path shows the Page Not Found card with status 404', async ({ page }) => {
    for (const path of ['/no-such-page', '/shop/items/42']) {
      const res = await page.goto(path)
      expect(res?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
    }
  })

  test('robots.txt and sitemap.xml point search engines at the public page', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    const text = await robots.text()
    expect(text).toContain('Disallow: /admin')
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/</loc>`)
  })
})

test.describe('found and shared', () => {
  test('title, description and social cards come from the band profile', async ({ page, baseURL }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(BAND)
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description).toMatch(/^The Midnight Static are a four-piece indie rock band/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', BAND)
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description!)
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`^${baseURL}/?$`))
  })

  test('JSON-LD describes the band, each upcoming show and each featured product', async ({ page, request }) => {
    await page.goto('/')
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
    const data = blocks.map((text) => JSON.parse(text) as Record<string, any>)
    const band = data.find((d) => d['@type'] === 'MusicGroup')
    expect(band).toMatchObject({ name: BAND, genre: 'Indie Rock' })
    expect(band!.sameAs).toContain('https://open.spotify.com/')

    // Exactly the shows and products the site lists (other tests add their own), among them the
    // demo band's upcoming shows in date order and its featured products; its past show and its
    // product that is not featured are left out.
    const listedShows = ((await (await request.get('/api/shows')).json()) as { title: string }[]).map((s) => s.title)
    const events = data.filter((d) => d['@type'] === 'MusicEvent')
    expect(events.map((e) => e.name)).toEqual(listedShows)
    expect(listedShows.filter((title) => DEMO_SHOWS.includes(title))).toEqual(DEMO_SHOWS)
    expect(listedShows).not.toContain('Hometown Warm-up')
    expect(events.find((e) => e.name === DEMO_SHOWS[0])).toMatchObject({
      location: {
        '@type': 'Place',
        name: 'Crystal Ballroom',
        address: { addressLocality: 'Portland', addressRegion: 'OR' },
      },
      offers: { '@type': 'Offer', url: 'https://tickets.example.com/' },
    })

    const featured = ((await (await request.get('/api/products?featured=true')).json()) as { name: string }[]).map(
      (p) => p.name,
    )
    const products = data.filter((d) => d['@type'] === 'Product')
    expect(products.map((p) => p.name).sort()).toEqual([...featured].sort())
    expect(featured).toEqual(expect.arrayContaining(DEMO_FEATURED))
    expect(featured).not.toContain('Enamel Pin Set')
    const poster = products.find((p) => p.name === 'Signed Tour Poster')
    expect(poster!.offers).toMatchObject({
      price: '20.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
    })
    const tee = products.find((p) => p.name === 'Neon Lullabies Tour Tee')
    expect(tee!.offers.availability).toBe('https://schema.org/InStock')
  })

  test('the page loads nothing from another host and serves its fonts itself', async ({ page, baseURL }) => {
    const hosts = new Set<string>()
    const fonts: string[] = []
    page.on('request', (request) => {
      hosts.add(new URL(request.url()).origin)
      if (request.resourceType() === 'font') fonts.push(request.url())
    })
    await page.goto('/')
    await waitForHydration(page)
    expect([...hosts]).toEqual([new URL(baseURL!).origin])
    expect(fonts.length).toBeGreaterThan(0)
  })
})
