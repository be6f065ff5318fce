import AxeBuilder from '@axe-core/playwright'
import { expect, type Browser, type Page } from '@playwright/test'
import pg from 'pg'

import { startServer } from '../helpers/server'

import { openCart, waitForHydration } from './fixtures'

/** The dashboard specs' own owner (their sites are separate from the shared seeded one). */
export const OWNER = { email: 'owner@band.test', password: 'owner-password-1' }

export type Site = {
  url: string
  databaseUrl: string
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>
  stop: () => Promise<void>
}

/**
 * The production server (after `next build`) through the launcher on a fresh database of the
 * run's cluster, with the owner created from OWNER_EMAIL/OWNER_PASSWORD and no demo content.
 */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const server = await startServer({
    SEED_DEMO: 'false',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    ...env,
  })
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 })
  return {
    url: server.url,
    databaseUrl: server.databaseUrl,
    sql: (text, values) => pool.query(text, values),
    stop: async () => {
      await pool.end()
      await server.stop()
    },
  }
}

/** Signs in through the real /login page, starting from /admin as a team member would. */
export async function signIn(page: Page, site: Site, email: string, password: string) {
  await page.goto(`${site.url}/admin`)
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin|\/login\?next=\/admin/)
  await submitSignIn(page, site.url, email, password)
}

/** Fills the sign-in form on screen and sends it; the dashboard of the site at `base` opens. */
export async function submitSignIn(page: Page, base: string, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${base}/admin`)
}

/** A desktop-sized page of its own, signed in to the site as its owner. */
export async function ownerPage(browser: Browser, site: Site): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signIn(page, site, OWNER.email, OWNER.password)
  return page
}

/** An active product written straight into the site's database, with its sizes and their stock; answers its id. */
export async function insertProduct(
  site: Site,
  { name, featured = false }: { name: string; featured?: boolean },
  sizes: readonly (readonly [value: string, stock: number])[],
): Promise<string> {
  const id = (
    await site.sql(
      `INSERT INTO products (name, price, inventory, is_active, is_featured) VALUES ($1, 25, 0, true, $2) RETURNING id`,
      [name, featured],
    )
  ).rows[0].id
  for (const [value, stock] of sizes)
    await site.sql(
      `INSERT INTO product_options (product_id_id, name, value, inventory, is_active) VALUES ($1, 'Size', $2, $3, true)`,
      [id, value, stock],
    )
  return id
}

/** Opens the shop's landing page (the shared server's, or `url`) and waits until its islands are live. */
export async function openShop(page: Page, url = '/') {
  await page.goto(url)
  await waitForHydration(page)
}

/** Reloads the shop's page and waits until its islands are live again. */
export async function reloadShop(page: Page) {
  await page.reload()
  await waitForHydration(page)
}

/** The cart as the page saved it in localStorage (`shopping-cart`), or null. */
export const savedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('shopping-cart') ?? 'null'))

/** From the cart panel to /checkout with 'Proceed to Checkout'. */
export async function proceedToCheckout(page: Page, baseURL: string | undefined) {
  const panel = await openCart(page)
  await panel.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(`${baseURL}/checkout`)
}

export const TAB_TITLES = {
  'Band Profile': 'Band Profile',
  Links: 'Manage Links',
  Products: 'Manage Products',
  Orders: 'Manage Orders',
  Shows: 'Upcoming Shows',
  Music: 'Manage Music',
  Users: 'User Management',
  Subscribers: 'Newsletter Subscribers',
  Theme: 'Theme Customization',
} as const

export type TabName = keyof typeof TAB_TITLES

/** Opens a tab from the desktop sidebar and waits for its header. */
export async function openTab(page: Page, tab: TabName) {
  await page
    .getByRole('navigation', { name: 'Dashboard', exact: true })
    .getByRole('button', { name: tab, exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: TAB_TITLES[tab] })).toBeVisible()
}

/** The last toast on screen. */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ })
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  // Colours are checked as they end up, not halfway through an opening or hover transition.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  const results = await new AxeBuilder({ page }).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
  ).toEqual([])
}

/** A small valid PNG (a 4×4 red square). */
export function pngFile(name = 'merch.png') {
  const base64 = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg=='
  return { name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }
}

/**
 * Keeps every toast the page shows in sessionStorage, so a test can read them after the page has
 * navigated away (the signed-out toast is followed by a redirect 500 ms later).
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>(JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[])
    const collect = () => {
      for (const li of document.querySelectorAll('[role="region"] li')) {
        const text = li.textContent?.trim()
        if (text && !seen.has(text)) {
          seen.add(text)
          sessionStorage.setItem('e2e-toasts', JSON.stringify([...seen]))
        }
      }
    }
    new MutationObserver(collect).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

export async function recordedToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[])
}

/**
 * Keeps the shipping rates of the site whose database `db` reads; the function it answers puts
 * them back, or removes the rates saved since when the site had none (and charged the default).
 */
export async function keepShippingRates(db: pg.Pool): Promise<() => Promise<void>> {
  const [kept] = (await db.query('SELECT zones, rest_of_world_cents FROM shipping_settings LIMIT 1')).rows
  return async () => {
    if (!kept) await db.query('DELETE FROM shipping_settings')
    else
      await db.query('UPDATE shipping_settings SET zones = $1::jsonb, rest_of_world_cents = $2', [
        JSON.stringify(kept.zones),
        kept.rest_of_world_cents,
      ])
  }
}
