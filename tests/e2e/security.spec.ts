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
    await page.route(
      (url) => url.hostname === 'evil.example',
      (route) => {
        offSite.push(route.request().url())
        return route.abort()
      },
    )
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
    // An empty cart sends the browser back to /: wait for it, or it can cut the next navigation short.
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill(OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    await page.goto('/cms')
    await expect(page.locator('.dashboard, .collection-list, [class*="dashboard"]').first()).toBeVisible({
      timeout: 20_000,
    })
    expect(violations).toEqual([])
  })

  test('/success, the 404 card and the newsletter result pages load and run their scripts with no CSP violation', async ({
    page,
  }) => {
    const violations = cspViolations(page)
    for (const path of ['/success', '/no-such-page', '/newsletter/subscribed', '/newsletter/failed']) {
      await page.goto(path)
      // React hydrates the page only with the payload Next's inline scripts hand over, so they ran.
      await expect
        .poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber'))), {
          message: path,
        })
        .toBe(true)
    }
    expect(violations).toEqual([])
  })
})

test.describe('a stale product dialog', () => {
  test('saving after a sale says the product changed, reloads it, and the sold stock stays', async ({
    page,
    baseURL,
  }) => {
    const api = await ownerClient(baseURL!)
    const name = `Stale Dialog Tee ${Date.now().toString(36)}`
    const created = await api.json('POST', '/api/admin/products', {
      name,
      price: '10.00',
      inventory: 10,
      isActive: true,
    })
    expect(created.status).toBe(201)
    await page.goto('/login?next=/admin')
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill(OWNER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await openTab(page, 'Products')
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Product' })
    await expect(dialog.getByLabel('Inventory')).toHaveValue('10')

    // Meanwhile a fan buys one: stock 9.
    const { updatedAt: _u, ...current } = created.body
    expect((await api.json('PUT', `/api/admin/products/${created.body.id}`, { ...current, inventory: 9 })).status).toBe(
      200,
    )

    await dialog.getByLabel('Description').fill('Now in organic cotton')
    await dialog.getByRole('button', { name: 'Update Product' }).click()
    await expect(toastWith(page, 'This item was changed by someone else since you opened it.')).toBeVisible()
    await expect(dialog.getByLabel('Inventory')).toHaveValue('9')
    expect(
      (await api.json('GET', '/api/admin/products')).body.find((p: { id: string }) => p.id === created.body.id)
        .inventory,
    ).toBe(9)

    // Saved again from the reloaded dialog, the description is kept and the stock is untouched.
    await dialog.getByLabel('Description').fill('Now in organic cotton')
    await dialog.getByRole('button', { name: 'Update Product' }).click()
    await expect(toastWith(page, 'Product saved successfully')).toBeVisible()
    const saved = (await api.json('GET', '/api/admin/products')).body.find(
      (p: { id: string }) => p.id === created.body.id,
    )
    expect(saved).toMatchObject({ description: 'Now in organic cotton', inventory: 9 })
  })
})

/** A whole checkout with the built-in test provider, through the browser's own cookie jar. */
async function buyWithTestPayments(page: Page, productId: string, price: string) {
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, {
      data,
      headers: { Origin: new URL(page.url() === 'about:blank' ? process.env.E2E_BASE_URL! : page.url()).origin },
    })
    return { status: res.status(), body: await res.json() }
  }
  const created = await post('/api/orders', {
    customerName: 'Refund Fan',
    customerEmail: 'refund.fan@example.com',
    customerPhone: '555-123-4567',
    shippingAddress: { street: '123 Main Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US' },
    items: [{ productId, productOptionId: null, quantity: 1, price }],
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  expect((await post('/api/checkout/bind', { orderId: created.body.id })).status).toBe(200)
  const payment = await post('/api/paypal/order', {})
  const captured = await post(`/api/paypal/order/${payment.body.id}/capture`, {})
  expect(captured.body.status).toBe('paid')
  return { orderId: created.body.id as string }
}

test.describe('refunding from the Orders tab', () => {
  test('Refund on a paid order asks first, then refunds it and returns its stock', async ({ page, baseURL }) => {
    const api = await ownerClient(baseURL!)
    const product = await api.json('POST', '/api/admin/products', {
      name: `Refund Me Tee ${Date.now().toString(36)}`,
      price: '12.00',
      inventory: 3,
      isActive: true,
    })
    const paid = await buyWithTestPayments(page, product.body.id, '12.00')
    const number = paid.orderId.slice(0, 8)

    await page.goto('/login?next=/admin')
    await page.getByLabel('Email').fill(OWNER.email)
    await page.getByLabel('Password').fill(OWNER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await openTab(page, 'Orders')
    const card = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem')
      .filter({ hasText: `Order #${number}` })
    // An order that took money offers Refund, not Delete.
    await expect(card.getByRole('button', { name: `Delete order #${number}` })).toHaveCount(0)
    await card.getByRole('button', { name: `Refund order #${number}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Refund order' })
    await expect(confirm).toContainText('$17.00')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect(
      (await api.json('GET', '/api/admin/orders')).body.find((o: { id: string }) => o.id === paid.orderId).status,
    ).toBe('paid')

    await card.getByRole('button', { name: `Refund order #${number}` }).click()
    await page.getByRole('alertdialog', { name: 'Refund order' }).getByRole('button', { name: 'Refund' }).click()
    await expect(toastWith(page, 'Order refunded successfully')).toBeVisible()
    await expect(card.getByText('refunded', { exact: true })).toBeVisible()
    expect(
      (await api.json('GET', '/api/admin/products')).body.find((p: { id: string }) => p.id === product.body.id)
        .inventory,
    ).toBe(3)
  })
})
