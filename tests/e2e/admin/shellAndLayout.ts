import { expect } from '@playwright/test'

import { expectAccessible, openTab, OWNER, signIn, TAB_TITLES, type TabName } from '../support'

import { dialog, test } from './dashboard'

/** The dashboard before and just after the owner signs in. */
export function shellTests() {
  test.describe('/admin shell', () => {
    test('a signed-out visitor is sent to the login endpoint', async ({ page, site }) => {
      await page.goto(`${site.url}/admin`)
      await expect(page).toHaveURL(/\/login\?next=/)
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    })

    test('the owner signs in through /login and the dashboard opens on Links', async ({ page, site }) => {
      await signIn(page, site, OWNER.email, OWNER.password)
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Links' })).toBeVisible()
      const sidebar = page.getByRole('navigation', { name: 'Dashboard', exact: true })
      for (const tab of Object.keys(TAB_TITLES))
        await expect(sidebar.getByRole('button', { name: tab, exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    })

    test('every tab shows its title and its empty state', async ({ page }) => {
      const empty: Record<TabName, string> = {
        'Band Profile': 'No band profile created yet. Click "Edit Profile" to get started.',
        Links: 'No links created yet. Click "Add Link" to get started.',
        Products: 'No products created yet. Click "Add Product" to get started.',
        Orders: 'No orders yet.',
        Shows: 'No upcoming shows yet.',
        Music: 'No releases yet.',
        Users: 'owner@band.test',
        Subscribers: 'No newsletter subscribers yet.',
        Theme: 'Save Theme',
      }
      for (const [tab, text] of Object.entries(empty) as [TabName, string][]) {
        await openTab(page, tab)
        await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
        await expectAccessible(page, `${tab} (empty)`)
      }
      // Subscribers: no Export CSV without subscribers; the summary says nothing is configured.
      await openTab(page, 'Subscribers')
      await expect(page.getByText('Total Subscribers: 0')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0)
      await expect(page.getByText('Not configured')).toBeVisible()
      await expect(page.getByText('Connected (SMTP)')).toBeVisible()
      await expect(
        page.getByText(
          'Notifications go to all configured addresses when a subscriber signs up or an order is placed.',
        ),
      ).toBeVisible()
    })
  })
}

/** The dashboard on a phone, its accessibility once filled, and what the public page loads. */
export function layoutTests() {
  test.describe('Layout, accessibility and bundles', () => {
    test('on a phone a row of buttons replaces the sidebar, with every tab', async ({ browser, site }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      })
      const phone = await context.newPage()
      await signIn(phone, site, OWNER.email, OWNER.password)
      await expect(phone.getByRole('heading', { level: 1, name: 'Manage Links' })).toBeVisible()
      await expect(phone.getByRole('navigation', { name: 'Dashboard', exact: true })).toBeHidden()
      const row = phone.getByRole('navigation', { name: 'Dashboard sections' })
      await expect(row.getByRole('button')).toHaveText([
        'Band Profile',
        'Links',
        'Products',
        'Orders',
        'Shows',
        'Music',
        'Users',
        'Subscribers',
        'Theme',
      ])
      await row.getByRole('button', { name: 'Shows' }).click()
      await expect(phone.getByRole('heading', { level: 1, name: 'Upcoming Shows' })).toBeVisible()
      await expectAccessible(phone, 'mobile Shows')
      await context.close()
    })

    test('every filled tab has no serious or critical accessibility violation', async ({ page }) => {
      await page.reload()
      for (const tab of Object.keys(TAB_TITLES) as TabName[]) {
        await openTab(page, tab)
        await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0)
        await expectAccessible(page, `${tab} (filled)`)
      }
      await openTab(page, 'Products')
      await page.getByRole('button', { name: 'Edit Tour Shirt' }).click()
      await expect(dialog().getByRole('list', { name: 'Options' })).toBeVisible()
      await expectAccessible(page, 'product dialog')
      await page.keyboard.press('Escape')
    })

    test("the public page loads none of the dashboard's code", async ({ page, site }) => {
      const scriptsOf = async (path: string) => {
        const p = await page.context().newPage()
        const urls: string[] = []
        p.on('response', (r) => {
          if (r.request().resourceType() === 'script') urls.push(r.url())
        })
        await p.goto(`${site.url}${path}`)
        await p.waitForLoadState('networkidle')
        const bodies = await Promise.all(urls.map(async (u) => (await page.request.get(u)).text()))
        await p.close()
        return bodies.join('\n')
      }
      const dashboard = await scriptsOf('/admin')
      expect(dashboard).toContain('Product Options (Sizes)')
      const publicCode = await scriptsOf('/')
      expect(publicCode.length).toBeGreaterThan(0)
      for (const marker of [
        'Product Options (Sizes)',
        'Theme Customization',
        'You are logged out. Logging in again...',
        'Query timeout',
      ]) {
        expect(publicCode).not.toContain(marker)
      }
    })
  })
}
