import type { Page } from '@playwright/test'

import { expect, ownerClient, test, toastWith, waitForHydration } from './fixtures'
import { OWNER } from './globalSetup'
import { openTab } from './support'

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

test.describe('a stale product dialog', () => {
  test('saving after a sale says the product changed, reloads it, and the sold stock stays', async ({ page, baseURL }) => {
    const api = await ownerClient(baseURL!)
    const created = await api.json('POST', '/api/admin/products', { name: 'Stale Dialog Tee', price: '10.00', inventory: 10, isActive: true })
    expect(created.status).toBe(201)
    await page.goto('/login?next=/admin')
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill(OWNER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await openTab(page, 'Products')
    await page.getByRole('button', { name: 'Edit Stale Dialog Tee' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Product' })
    await expect(dialog.getByLabel('Inventory')).toHaveValue('10')

    // Meanwhile a fan buys one: stock 9.
    const { updatedAt: _u, ...current } = created.body
    expect((await api.json('PUT', `/api/admin/products/${created.body.id}`, { ...current, inventory: 9 })).status).toBe(200)

    await dialog.getByLabel('Description').fill('Now in organic cotton')
    await dialog.getByRole('button', { name: 'Update Product' }).click()
    await expect(toastWith(page, 'This item was changed by someone else since you opened it.')).toBeVisible()
    await expect(dialog.getByLabel('Inventory')).toHaveValue('9')
    expect((await api.json('GET', '/api/admin/products')).body.find((p: { id: string }) => p.id === created.body.id).inventory).toBe(9)

    // Saved again from the reloaded dialog, the description is kept and the stock is untouched.
    await dialog.getByLabel('Description').fill('Now in organic cotton')
    await dialog.getByRole('button', { name: 'Update Product' }).click()
    await expect(toastWith(page, 'Product saved successfully')).toBeVisible()
    const saved = (await api.json('GET', '/api/admin/products')).body.find((p: { id: string }) => p.id === created.body.id)
    expect(saved).toMatchObject({ description: 'Now in organic cotton', inventory: 9 })
  })
})
