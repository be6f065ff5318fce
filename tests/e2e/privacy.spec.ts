import { expect, test } from '@playwright/test'

import { Client } from '../helpers/http'

import { expectAccessible, openTab, ownerPage, startSite, type Site } from './support'

/** The owner finds a fan's data under the Users tab, downloads it and erases it after confirming. */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let site: Site
const FAN = 'panel.fan@example.org'

test.beforeAll(async () => {
  test.setTimeout(120_000)
  site = await startSite()
  const fan = new Client(site.url, { forwardedFor: '198.51.100.90' })
  expect((await fan.post('/api/newsletter/subscribe', { email: FAN })).status).toBeLessThan(300)
})

test.afterAll(async () => {
  await site?.stop()
})

test('the owner finds, downloads and erases what the site holds for an address', async ({ browser }) => {
  const page = await ownerPage(browser, site)
  await openTab(page, 'Users')
  await page.getByLabel('Email address').fill('Panel.Fan@example.org')
  await page.getByRole('button', { name: 'Find', exact: true }).click()
  const found = page.getByRole('region', { name: `Data held for ${FAN}` })
  await expect(found.getByText('Newsletter: subscribed (pending)')).toBeVisible()
  await expect(found.getByText('Orders: 0')).toBeVisible()
  await expectAccessible(page, 'Users with privacy findings')

  const download = page.waitForEvent('download')
  await found.getByRole('link', { name: 'Download data' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.json$/)

  await found.getByRole('button', { name: 'Erase data' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click()
  await expect(page.getByText('Newsletter: not subscribed')).toBeVisible()
  await expect(page.getByText('Data erased', { exact: true })).toBeVisible()
})
