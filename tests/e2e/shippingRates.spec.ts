import { expect, test } from '@playwright/test'

import { expectAccessible, OWNER, openTab, signIn, startSite, toastRegion, type Site } from './support'

/** The team sets shipping zones in the Products tab; a viewer reads them. */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

let site: Site

test.beforeAll(async () => {
  // Starting a server of its own may take longer than a test's default limit on a busy machine.
  test.setTimeout(120_000)
  site = await startSite()
})
test.afterAll(() => site?.stop())

test('an owner adds a zone for Europe and stops shipping to the rest of the world', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signIn(page, site, OWNER.email, OWNER.password)
  await openTab(page, 'Products')
  const form = page.getByRole('form', { name: 'Shipping rates' })
  // The home country's flat 5.00 is there from the start.
  await expect(form.getByLabel('Countries').first()).toHaveValue('US')
  await expect(form.getByLabel('Rate ($)').first()).toHaveValue('5.00')

  await form.getByRole('button', { name: 'Add zone' }).click()
  const europe = form.getByRole('group', { name: 'Zone 2' })
  await europe.getByLabel('Zone name').fill('Europe')
  await europe.getByLabel('Countries').fill('DE, FR, XX')
  await europe.getByLabel('Rate ($)').fill('12.00')
  await europe.getByLabel('Free shipping over ($, optional)').fill('100.00')
  await form.getByRole('button', { name: 'Save shipping rates' }).click()
  // A code that is no country is refused with the field's message, and nothing is saved.
  await expect(europe.getByRole('alert')).toHaveText('Use two-letter country codes such as DE')
  await expectAccessible(page, 'the shipping rates with an error')

  await europe.getByLabel('Countries').fill('de, fr')
  const worldwide = form.getByLabel('Ship to the rest of the world')
  if (await worldwide.isChecked()) await worldwide.uncheck()
  await expect(form.getByText("Countries in no zone are told: we don't ship there.")).toBeVisible()
  await form.getByRole('button', { name: 'Save shipping rates' }).click()
  await expect(toastRegion(page).getByText('Shipping rates saved')).toBeVisible()

  const { rows } = await site.sql('SELECT zones, rest_of_world_cents FROM shipping_settings')
  expect(rows[0].rest_of_world_cents).toBeNull()
  expect(rows[0].zones).toEqual([
    expect.objectContaining({ name: expect.any(String), countries: ['US'], rateCents: 500 }),
    { name: 'Europe', countries: ['DE', 'FR'], rateCents: 1200, freeOverCents: 10000 },
  ])
  // After a reload the form shows what was saved.
  await page.reload()
  await openTab(page, 'Products')
  await expect(page.getByRole('group', { name: 'Zone 2' }).getByLabel('Countries')).toHaveValue('DE, FR')
  await context.close()
})
