import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { OWNER } from './globalSetup'

/**
 * An address of a client of its own (a random /64 of IPv6's documentation block, sent as
 * X-Forwarded-For to the server, which trusts one proxy): the server's per-address limits
 * (sign-ins, newsletter sign-ups, orders) count only that client's requests, never another test's.
 */
export function clientAddress(): string {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16)
  return `2001:db8:${group()}:${group()}::1`
}

/** Options of a browser context a test opens itself, as a client of its own. */
export const ownClient = () => ({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } })

/** Tests run against the server the global setup started, each test's browser a client of its own. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through playwright.config.ts')
    await use(url)
  },
  extraHTTPHeaders: async ({}, use) => {
    await use(ownClient().extraHTTPHeaders)
  },
})

export { expect }

export const BAND = 'The Midnight Static'
export const TEE = 'Neon Lullabies Tour Tee'
export const HOODIE = 'Static Logo Hoodie'
export const VINYL = 'Neon Lullabies Vinyl'
export const POSTER = 'Signed Tour Poster'
/** The demo band's upcoming shows, in date order. */
export const DEMO_SHOWS = ['Neon Lullabies Release Show', 'Live at The Showbox', 'Summer Static Tour']

export const productCard = (page: Page, name: string): Locator =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

/** The label of a size on a product card ('M', or 'XL' followed by its '+$2.00'). */
export const sizeOption = (card: Locator, size: string): Locator =>
  card.locator('label').filter({ hasText: new RegExp(`^${size}(\\+\\$[\\d.]+)?$`) })

/** Picks an option (size) on a product card and presses Add to Cart. */
export async function addToCart(page: Page, name: string, size?: string) {
  const card = productCard(page, name)
  if (size) await sizeOption(card, size).click()
  await card.getByRole('button', { name: 'Add to Cart' }).click()
}

/** The toast on screen (Radix renders toasts as items of the 'Notifications (F8)' region). */
export const toastWith = (page: Page, text: string): Locator =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text })

export const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ })

export async function openCart(page: Page) {
  await cartButton(page).click()
  const panel = page.getByRole('dialog', { name: 'Your Cart' })
  await expect(panel).toBeVisible()
  return panel
}

/**
 * Waits until the saved cart has been read (the page's islands are interactive). Called right after
 * a navigation, it may first poll a document whose `<html>` is not parsed yet.
 */
export async function waitForHydration(page: Page, options: { timeout?: number } = {}) {
  await page.waitForFunction(() => document.documentElement?.dataset.hydrated === 'true', null, options)
}

/** Serious or critical axe-core violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
}

/** A signed-in owner talking to the server like a browser (cookie + Origin), a client of its own. */
export async function ownerClient(baseURL: string): Promise<Client> {
  const client = new Client(baseURL, { forwardedFor: clientAddress() })
  const res = await client.post('/api/auth/login', { email: OWNER.email, password: OWNER.password })
  if (res.status !== 200) throw new Error(`Owner sign-in failed: ${res.status} ${await res.text()}`)
  return client
}
