import type { Page } from '@playwright/test'

import { expect, test, waitForHydration } from './fixtures'
import { OWNER } from './globalSetup'

/** Collects the Content-Security-Policy violations the page reports. */
function cspViolations(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) seen.push(message.text())
  })
  return seen
}

test.describe('sign-in redirect', () => {
  test('/login?next=/%09/evil.example signs in and stays on this site', async ({ page, baseURL }) => {
    const offSite: string[] = []
    await page.route((url) => url.hostname === 'evil.example', (route) => {
      offSite.push(route.request().url())
      return route.abort()
    })
    await page.goto('/login?next=/%09/evil.example')
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill(OWNER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 10_000 }).catch(() => undefined)
    expect(offSite).toEqual([])
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
  })
})

test.describe('Content-Security-Policy', () => {
  test('the public page, /checkout, /login, /admin and /cms load with no CSP violation', async ({ page }) => {
    const violations = cspViolations(page)
    await page.goto('/')
    await waitForHydration(page)
    await page.goto('/checkout')
    await page.goto('/login')
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill(OWNER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    await page.goto('/cms')
    await expect(page.locator('.dashboard, .collection-list, [class*="dashboard"]').first()).toBeVisible({ timeout: 20_000 })
    expect(violations).toEqual([])
  })
})
