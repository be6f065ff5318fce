import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as pause } from 'node:timers/promises'

import type { Page } from '@playwright/test'

import { BAND, expect, test, waitForHydration } from './fixtures'
import { recordLayoutShifts } from './layoutShifts'

/** Where the page's loader notes that this browser has the web font (`localStorage`). */
const WEB_FONT_KEY = 'web-font'

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
    await pause(1000)
    res.write(html.slice(afterCart, afterHeading))
    await pause(1000)
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

/** The band name's font stack as the page shows it now. */
const headingFont = (page: Page) =>
  page.getByRole('heading', { level: 1, name: BAND }).evaluate((h) => getComputedStyle(h).fontFamily)

/** Inter's faces the page has loaded. */
const interLoaded = (page: Page) =>
  page.evaluate(
    () => [...document.fonts].filter((f) => f.family.toLowerCase() === 'inter' && f.status === 'loaded').length,
  )

/**
 * Opens `url` in a browser that has not had Inter yet and checks that its first paint waited for no
 * font: the band name shows in a fallback of Inter's size, and Inter is asked for after that paint.
 * Inter then goes into the browser's cache, noted for the next visit, and the text stays in the
 * fallbacks: nothing is laid out again and nothing moves. Answers the reader of the layout shifts
 * of the pages `page` opens from here on (recordLayoutShifts).
 */
async function expectFirstVisitInFallbacks(page: Page, url: string): Promise<() => Promise<string[]>> {
  const layoutShifts = await recordLayoutShifts(page)
  await page.goto(url)
  await waitForHydration(page)
  await expect.poll(() => interLoaded(page)).toBeGreaterThan(0)
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
  const webFont = await page.locator('html').getAttribute('data-web-font')
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), WEB_FONT_KEY)).toBe(webFont)
  await expect(page.locator('html')).not.toHaveClass(/\bweb-fonts\b/)
  expect(await headingFont(page)).toMatch(/^"?Inter Fallback"?,/)
  expect(await layoutShifts()).toEqual([])
  return layoutShifts
}

test.describe('first paint', () => {
  test("the first paint waits for no font: the band name shows in a fallback of Inter's size, and Inter, asked for after that paint, moves nothing", async ({
    page,
  }) => {
    await expectFirstVisitInFallbacks(page, '/')
  })

  test('the first paint waits for no font when the page arrives in pieces', async ({ page, baseURL }) => {
    const proxy = await pageInPieces(baseURL!)
    try {
      await expectFirstVisitInFallbacks(page, `${proxy.url}/`)
      expect(proxy.pagesSplit()).toBe(1)
    } finally {
      await proxy.close()
    }
  })

  test('the next visit shows the text in Inter, from the browser cache, and nothing moves', async ({ page }) => {
    const layoutShifts = await expectFirstVisitInFallbacks(page, '/')
    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/\bweb-fonts\b/)
    await expect.poll(() => interLoaded(page)).toBeGreaterThan(0)
    expect(await headingFont(page)).toMatch(/^"?inter"?, "?Inter Fallback"?,/i)
    const fontDownloads = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.woff2'))
        .map((r) => (r as PerformanceResourceTiming).transferSize),
    )
    expect(fontDownloads.length).toBeGreaterThan(0)
    expect(fontDownloads.every((bytes) => bytes === 0)).toBe(true)
    await waitForHydration(page)
    expect(await layoutShifts()).toEqual([])
  })
})
