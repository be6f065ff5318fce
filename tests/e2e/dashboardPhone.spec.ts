import type { Locator, Page } from '@playwright/test'
import pg from 'pg'

import { expect, ownClient, ownerClient, seriousViolations, test } from './fixtures'
import { OWNER } from './globalSetup'
import { TAB_TITLES } from './support'

/**
 * The team dashboard on a phone (390 px): every tab is reachable from the row of tabs, the
 * active one is scrolled into view, nothing scrolls sideways, and addresses wrap instead of
 * being cut off.
 */
test.describe.configure({ timeout: 90_000 })

const db = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
test.afterAll(() => db.end())

const TABS = Object.keys(TAB_TITLES) as (keyof typeof TAB_TITLES)[]
const LONG_FAN = `a.very.long.address.of.a.devoted.fan.${Date.now()}@a-long-mail-provider-name.example.com`
const LONG_MEMBER = `merchandise.coordinator.${Date.now()}@the-midnight-static-touring-crew.example.com`

async function phone(browser: import('@playwright/test').Browser, baseURL: string, path = '/admin') {
  const context = await browser.newContext({
    ...ownClient(),
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  await page.goto('/admin')
  await page.getByLabel('Email').fill(OWNER.email)
  await page.getByLabel('Password').fill(OWNER.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${baseURL}/admin`)
  // The dashboard is up (the owner's first tab) before the address changes: a hash set while the
  // sign-in's navigation is still finishing would be replaced by it.
  await expect(page.getByRole('heading', { level: 1, name: TAB_TITLES.Links })).toBeVisible()
  if (path !== '/admin') await page.goto(path)
  return page
}

/** Whether the element lies wholly inside the visible part of the box (a scrolled row). */
async function whollyInside(element: Locator, box: Locator) {
  const [e, b] = await Promise.all([element.boundingBox(), box.boundingBox()])
  return Boolean(e && b && e.x >= b.x - 1 && e.x + e.width <= b.x + b.width + 1)
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** Every element showing exactly `text` shows all of it: nothing cut off, spilling out or hidden by an ellipsis. */
async function showsWhole(page: Page, text: string) {
  const elements = page.getByText(text, { exact: true })
  await expect(elements.first()).toBeVisible()
  const whole = await elements.evaluateAll((all) =>
    all.map((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis'),
  )
  return whole.length > 0 && whole.every(Boolean)
}

test.beforeAll(async ({ baseURL }) => {
  await db.query(
    `INSERT INTO subscribers (email, status, is_active, source, confirmed_at) VALUES ($1, 'confirmed', true, 'form', now())`,
    [LONG_FAN],
  )
  const owner = await ownerClient(baseURL!)
  const invited = await owner.post('/api/admin/users/invite', { email: LONG_MEMBER, role: 'viewer' })
  expect(invited.status).toBeLessThan(300)
})

test('every tab, Users and Subscribers included, is reachable from the row of tabs', async ({ browser, baseURL }) => {
  const page = await phone(browser, baseURL!)
  const row = page.getByRole('navigation', { name: 'Dashboard sections' })
  await expect(row.getByRole('button')).toHaveText(TABS)
  for (const tab of TABS) {
    const button = row.getByRole('button', { name: tab, exact: true })
    await button.click()
    await expect(page.getByRole('heading', { level: 1, name: TAB_TITLES[tab] })).toBeVisible()
    await expect(button).toHaveAttribute('aria-current', 'page')
    await expect.poll(() => whollyInside(button, row), { message: `${tab} is in view` }).toBe(true)
    expect(await sideways(page), `${tab} scrolls sideways`).toBeLessThanOrEqual(0)
  }
  await page.context().close()
})

test('opened on a tab at the end of the row, the active tab is scrolled into view', async ({ browser, baseURL }) => {
  const page = await phone(browser, baseURL!, '/admin#subscribers')
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter Subscribers' })).toBeVisible()
  const row = page.getByRole('navigation', { name: 'Dashboard sections' })
  const active = row.getByRole('button', { name: 'Subscribers', exact: true })
  await expect(active).toHaveAttribute('aria-current', 'page')
  await expect.poll(() => whollyInside(active, row)).toBe(true)
  // Moving to the first tab by the address brings it into view again.
  await page.evaluate(() => (window.location.hash = '#band'))
  const first = row.getByRole('button', { name: 'Band Profile', exact: true })
  await expect(first).toHaveAttribute('aria-current', 'page')
  await expect.poll(() => whollyInside(first, row)).toBe(true)
  await page.context().close()
})

test('long addresses wrap in the Users and Subscribers lists, and nothing scrolls sideways', async ({
  browser,
  baseURL,
}) => {
  const page = await phone(browser, baseURL!, '/admin#users')
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
  expect(await showsWhole(page, LONG_MEMBER)).toBe(true)
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])

  const row = page.getByRole('navigation', { name: 'Dashboard sections' })
  await row.getByRole('button', { name: 'Subscribers', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter Subscribers' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(LONG_FAN.slice(0, 30))
  expect(await showsWhole(page, LONG_FAN)).toBe(true)
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])
  await page.context().close()
})
