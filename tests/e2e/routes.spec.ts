import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Page } from '@playwright/test'

import { BAND, DEMO_SHOWS, expect, test, waitForHydration } from './fixtures'
import { recordLayoutShifts } from './layoutShifts'

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

/**
 * A server in front of the test server that sends `/` in three pieces, a second apart, as a slow
 * connection or a busy server delivers it: its HTML up to the end of the top bar's cart button (so
 * the browser paints the top bar before its sign-in link has arrived), then up to the end of the
 * band name's heading, then the rest. Every other request passes through as it is.
 */
async function pageInPieces(
  target: string,
): Promise<{ url: string; pagesSplit: () => number; close: () => Promise<void> }> {
  let pagesSplit = 0
  const pass = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !['host', 'connection', 'accept-encoding'].includes(name))
        headers.set(name, value)
    const upstream = await fetch(new URL(req.url!, target), { headers, redirect: 'manual' })
    const body = Buffer.from(await upstream.arrayBuffer())
    const passed = [...upstream.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name))
    if (req.url !== '/') {
      res.writeHead(upstream.status, passed).end(body)
      return
    }
    const html = body.toString()
    const after = (mark: string, from: number) => {
      const at = html.indexOf(mark, from)
      return at < 0 ? -1 : at + mark.length
    }
    const afterCart = after('</button>', html.indexOf('aria-label="Cart and sign-in"'))
    const afterHeading = after('</h1>', afterCart)
    res.writeHead(upstream.status, passed)
    if (afterCart < 0 || afterHeading < 0) {
      res.end(html)
      return
    }
    pagesSplit++
    res.write(html.slice(0, afterCart))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    res.write(html.slice(afterCart, afterHeading))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    res.end(html.slice(afterHeading))
  }
  // A request the test server cannot answer breaks the browser's connection, as a proxy would.
  const server = http.createServer((req, res) => void pass(req, res).catch(() => res.destroy()))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    pagesSplit: () => pagesSplit,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Opens `url` and checks that its first paint waited for no font: the band name shows in a
 * fallback of Inter's size, Inter is asked for after that paint, and it moves nothing. The text
 * switches to Inter once Inter is there (so it is laid out again once, not once in fallbacks still
 * waiting for Inter and again when it arrives).
 */
async function expectFirstPaintWithoutFont(page: Page, url: string) {
  const layoutShifts = await recordLayoutShifts(page)
  // Inter's state, and the time, at the moment `web-fonts` goes on <html>.
  await page.addInitScript(() => {
    const seen = window as unknown as { interAtSwitch?: string[]; webFontsAt?: number }
    new MutationObserver(() => {
      if (seen.interAtSwitch || !document.documentElement?.classList.contains('web-fonts')) return
      seen.webFontsAt = Math.round(performance.now())
      seen.interAtSwitch = [...document.fonts].filter((f) => f.family.toLowerCase() === 'inter').map((f) => f.status)
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true })
  })
  await page.goto(url)
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveClass(/\bweb-fonts\b/)
  const heading = page.getByRole('heading', { level: 1, name: BAND })
  const fontOf = () => heading.evaluate((h) => getComputedStyle(h).fontFamily)
  expect(await fontOf()).toMatch(/^"?inter"?, "?Inter Fallback"?,/i)
  await page.evaluate(() => document.fonts.ready)
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
    const resources = performance.getEntriesByType('resource')
    const font = resources.find((r) => r.name.endsWith('.woff2'))
    const beforePaint = resources
      .filter((r) => r.startTime < paint)
      .map((r) => new URL(r.name).pathname)
      .filter((path) => path !== '/icon.svg') // the tab's icon, which the browser asks for itself
    return { paint, font: font?.startTime ?? null, beforePaint }
  })
  expect(timing.font).not.toBeNull()
  expect(timing.font!).toBeGreaterThanOrEqual(timing.paint)
  // Before its first paint the page asks for its stylesheet (and the links' icons) only.
  expect(timing.beforePaint.filter((path) => !path.startsWith('/icons.svg'))).toEqual([
    expect.stringMatching(/^\/_next\/static\/.*\.css$/),
  ])
  const loaded = await page.evaluate(
    () => [...document.fonts].filter((f) => f.family.toLowerCase() === 'inter' && f.status === 'loaded').length,
  )
  expect(loaded).toBeGreaterThan(0)
  expect(await page.evaluate(() => (window as unknown as { interAtSwitch?: string[] }).interAtSwitch)).toEqual([
    'loaded',
  ])
  const webFontsAt = await page.evaluate(() => (window as unknown as { webFontsAt?: number }).webFontsAt)
  expect(await layoutShifts(), `web fonts on at ${webFontsAt} ms`).toEqual([])
}

test.describe('first paint', () => {
  test("the first paint waits for no font: the band name shows in a fallback of Inter's size, and Inter, asked for after that paint, moves nothing", async ({
    page,
  }) => {
    await expectFirstPaintWithoutFont(page, '/')
  })

  test('the first paint waits for no font when the page arrives in pieces', async ({ page, baseURL }) => {
    const proxy = await pageInPieces(baseURL!)
    try {
      await expectFirstPaintWithoutFont(page, `${proxy.url}/`)
      expect(proxy.pagesSplit()).toBe(1)
    } finally {
      await proxy.close()
    }
  })
})
