import { expect, test } from '@playwright/test'

import { addToCart, openCart, TEE, toastWith, waitForHydration } from './fixtures'
import { expectAccessible, OWNER, openTab, signIn, startSite, type Site } from './support'

/**
 * Sales tax from the team's settings to the fan's checkout and back to the team's report: the
 * owner charges California's 7.25 %, a fan in San Francisco sees it added before the order exists
 * and pays with the test provider, and the Tax section's report of this quarter counts the sale.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let site: Site

test.beforeAll(async () => {
  // A server of its own, seeded with the demo content.
  test.setTimeout(180_000)
  site = await startSite({ SEED_DEMO: 'true' })
})
test.afterAll(() => site?.stop())

test("California's sales tax is set in the dashboard, added at checkout and counted in this quarter's report", async ({
  browser,
}) => {
  const team = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await signIn(team, site, OWNER.email, OWNER.password)
  await openTab(team, 'Products')
  const tax = team.getByRole('form', { name: 'Tax settings' })
  await tax.getByRole('button', { name: 'Add rate' }).click()
  const rate = tax.getByRole('group', { name: 'Tax rate 1' })
  await rate.getByLabel('Country').fill('US')
  await rate.getByLabel('US state (optional)').fill('CA')
  await rate.getByLabel('Name').fill('Sales tax')
  await rate.getByLabel('Rate (%)').fill('7.25')
  await tax.getByRole('button', { name: 'Save tax settings' }).click()
  await expect(toastWith(team, 'Tax settings saved')).toBeVisible()
  await expect(team.getByText('No paid sales this quarter yet.')).toBeVisible()

  // A fan in California: one tee at $25.00, $5.00 shipping, and 7.25 % of the tee added.
  const fan = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await fan.goto(site.url)
  await waitForHydration(fan)
  await addToCart(fan, TEE, 'M')
  const panel = await openCart(fan)
  await panel.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await expect(fan).toHaveURL(`${site.url}/checkout`)
  await fan.getByLabel('Full Name', { exact: true }).fill('Sam Fan')
  await fan.getByLabel('Email', { exact: true }).fill('sam.fan@example.com')
  await fan.getByLabel('Phone Number', { exact: true }).fill('4155550100')
  await fan.getByLabel('Street Address', { exact: true }).fill('1 Valencia St')
  await fan.getByLabel('City', { exact: true }).fill('San Francisco')
  await fan.getByLabel('State', { exact: true }).fill('CA')
  await fan.getByLabel('ZIP Code', { exact: true }).fill('94103')
  const totals = fan.getByRole('region', { name: 'Order Summary' }).getByTestId('summary-totals')
  await expect(totals.getByTestId('summary-tax')).toHaveText('$1.81')
  await expect(totals).toContainText('Sales tax 7.25 %')
  await expect(totals.getByTestId('summary-total')).toHaveText('$31.81')
  await fan.getByRole('button', { name: 'Create Order & Proceed to Payment' }).click()
  await expect(toastWith(fan, 'Order Created')).toBeVisible()
  await fan.getByRole('region', { name: 'Test payment' }).getByRole('button', { name: 'Pay (test)' }).click()
  await expect(fan).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/)

  // The team's report of this quarter: one web sale in California, the tax apart from the net.
  await team.reload()
  await openTab(team, 'Products')
  const quarter = team.getByRole('region', { name: /^This quarter/ })
  const row = quarter.getByRole('row').filter({ hasText: 'Sales tax' })
  await expect(row.getByRole('cell')).toHaveText([
    'Web',
    'US',
    'CA',
    'Sales tax',
    '7.25 %',
    '1',
    /30\.00/,
    /1\.81/,
    /0\.00/,
  ])
  await expect(quarter.getByRole('link', { name: "Download this quarter's tax report (CSV)" })).toHaveAttribute(
    'href',
    /^\/api\/admin\/tax\/report\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
  )
  await expectAccessible(team, 'the Tax section with this quarter’s report')
})
