import type { Page } from '@playwright/test'

import { cartButton, expect, openCart, ownClient, ownerClient, productCard, test, VINYL } from './fixtures'
import { OWNER } from './globalSetup'
import { submitSignIn } from './support'

/** The landing page's script: the islands module the inline loader imports. */
const ISLANDS_SCRIPT = '**/_next/static/islands/islands-*.js'

/** The scripts of the app's own pages (sign-in, dashboard, a show's merch table). */
const APP_SCRIPTS = '**/_next/static/chunks/*.js'

/**
 * Holds every script of the app's own pages for three seconds, as on a slow phone network. The page
 * is then visited up to DOMContentLoaded only: its load event waits for the scripts.
 */
const scriptsLate = (page: Page) =>
  page.route(APP_SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await route.continue()
  })

/** Every visible, enabled button on the page, described by what it is and what it belongs to. */
function visibleEnabledButtons(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('button')]
      .filter((button) => !button.disabled && button.checkVisibility())
      .map((button) => {
        const form = button.form
        return {
          label: button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '',
          submits: button.type === 'submit' && !!form,
          formMethod: form?.getAttribute('method') ?? null,
          formAction: form?.getAttribute('action') ?? null,
        }
      }),
  )
}

/** Every test here runs with the page's script blocked or late; the blocks share this title. */
const BEFORE_SCRIPT = 'the public page before its script has run'

test.describe(BEFORE_SCRIPT, () => {
  test('no visible, enabled button does nothing: the rest waits, visibly', async ({ page }) => {
    await page.route(ISLANDS_SCRIPT, (route) => route.abort())
    await page.goto('/')
    await page.waitForLoadState('load')

    // The only usable button left is the newsletter's, which posts its form natively.
    expect(await visibleEnabledButtons(page)).toEqual([
      { label: 'Subscribe', submits: true, formMethod: 'post', formAction: '/api/newsletter/subscribe' },
    ])
    // Sign-in is a plain link to the sign-in page; the cart waits for the script.
    await expect(page.getByRole('link', { name: 'Admin login' })).toHaveAttribute('href', '/login')
    await expect(cartButton(page)).toBeDisabled()
    // Add to Cart shows the first state until its island is live.
    const addButtons = page.getByTestId('product-card').getByRole('button', { name: 'Loading...' })
    await expect(addButtons.first()).toBeVisible()
    for (const button of await addButtons.all()) await expect(button).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
    // The shows keep their compact text ('Month Day').
    for (const date of await page.getByTestId('show-date').all())
      await expect(date).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/)
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  })

  test('the sign-in link leads to the sign-in page', async ({ page }) => {
    await page.route(ISLANDS_SCRIPT, (route) => route.abort())
    await page.goto('/')
    await page.getByRole('link', { name: 'Admin login' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: /Sign in|Create the owner account/i }).first()).toBeVisible()
  })
})

test.describe(BEFORE_SCRIPT, () => {
  test('a fan subscribes with the script blocked; the address is in no URL the browser visited', async ({
    browser,
    baseURL,
  }) => {
    // A client address of its own, so no other test's sign-ups count against its limit.
    const context = await browser.newContext({ baseURL, ...ownClient() })
    try {
      const page = await context.newPage()
      await page.route(ISLANDS_SCRIPT, (route) => route.abort())
      const visited: string[] = []
      page.on('request', (request) => visited.push(request.url()))
      page.on('framenavigated', (frame) => visited.push(frame.url()))

      const email = `no-script-${Date.now()}@example.com`
      await page.goto('/')
      await page.getByRole('textbox', { name: 'Email address' }).fill(email)
      await page.getByRole('button', { name: 'Subscribe' }).click()

      await expect(page).toHaveURL(/\/newsletter\/subscribed$/)
      await expect(page.getByRole('heading', { name: 'Subscribed!' })).toBeVisible()
      await expect(page.getByText('Thank you for subscribing to our newsletter.')).toBeVisible()
      await expect(page.getByText('Check your inbox to confirm your subscription.')).toBeVisible()

      const owner = await ownerClient(baseURL!)
      const rows = (await (await owner.get(`/api/admin/subscribers?q=${encodeURIComponent(email)}`)).json()) as {
        email: string
      }[]
      expect(rows.map((row) => row.email)).toEqual([email])

      const local = email.split('@')[0]!
      expect(visited.length).toBeGreaterThan(2)
      expect(visited.filter((url) => decodeURIComponent(url).includes(local))).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("a sign-up the server refuses lands on the error page with the spec's text", async ({ page }) => {
    await page.route(ISLANDS_SCRIPT, (route) => route.abort())
    await page.goto('/')
    // An address the server refuses (the browser's own check is turned off to send it).
    await page.getByRole('textbox', { name: 'Email address' }).evaluate((input: HTMLInputElement) => {
      input.type = 'text'
      input.value = 'not an address'
    })
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page).toHaveURL(/\/newsletter\/failed$/)
    await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
    await expect(page.getByText('Failed to subscribe. Please try again.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/#newsletter')
  })

  test('with the script 3 s late, a click on Add to Cart as soon as it is enabled puts the item in the cart', async ({
    page,
  }) => {
    await page.route(ISLANDS_SCRIPT, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000))
      await route.continue()
    })
    await page.goto('/')
    const card = productCard(page, VINYL)
    await expect(card.getByRole('button', { name: 'Loading...' })).toBeDisabled()
    // Playwright's click waits for the button to be enabled, then clicks at once.
    await card.getByRole('button', { name: 'Add to Cart' }).click({ timeout: 15_000 })
    const panel = await openCart(page)
    await expect(panel.getByText(VINYL)).toBeVisible()
    const saved = await page.evaluate(() => localStorage.getItem('shopping-cart'))
    expect(saved).toContain(VINYL)
  })
})

test.describe("the team's pages before their script has run", () => {
  test('with the script 3 s late, Sign In waits for it, and the password never enters a URL', async ({
    page,
    baseURL,
  }) => {
    const visited: string[] = []
    page.on('framenavigated', (frame) => visited.push(frame.url()))
    await scriptsLate(page)
    await page.goto('/login?next=/admin', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill(OWNER.password)
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled()
    // Playwright's click waits for the button to be enabled, then clicks at once.
    await submitSignIn(page, baseURL!, OWNER.email, OWNER.password)
    expect(visited.filter((url) => url.includes(encodeURIComponent(OWNER.password)))).toEqual([])
  })

  test("with the script 3 s late, a show's merch table holds its buttons until it runs; a click then makes the link", async ({
    page,
    baseURL,
  }) => {
    const owner = await ownerClient(baseURL!)
    const show = await owner.json('POST', '/api/admin/shows', {
      title: `Late Script Night ${Date.now()}`,
      venue: 'The Basement',
      date: new Date().toISOString().slice(0, 10),
    })
    expect(show.status).toBe(201)
    await page.goto('/login?next=/admin')
    await submitSignIn(page, baseURL!, OWNER.email, OWNER.password)

    await scriptsLate(page)
    await page.goto(`/admin/shows/${show.body.id}/merch`, { waitUntil: 'domcontentloaded' })
    await expect(page.getByRole('heading', { level: 1, name: /^Merch table: Late Script Night/ })).toBeVisible()
    expect(await visibleEnabledButtons(page)).toEqual([])
    await page.getByRole('button', { name: 'Create till link' }).click({ timeout: 15_000 })
    await expect(page.getByRole('status').filter({ hasText: 'Till link created.' })).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/admin/shows/${show.body.id}/merch`)
  })
})
