import type { BrowserContext, Locator, Page } from '@playwright/test'

import { expect, ownerClient, test } from './fixtures'
import { addButton, night, openTill } from './tillSteps'

/**
 * The till draws its screen again whenever something changes under it: a sync ends, the stock is
 * read again, the network comes or goes. A seller's tap that lands while that happens (the finger
 * down before, up after) still does what they tapped: the buttons under the finger stay the same
 * buttons, so the press and the release reach one element and the click is not lost.
 */

/** Presses `button`, lets the till draw its screen again (the network goes away and comes back), then releases. */
async function tapAcrossARedraw(page: Page, context: BrowserContext, button: Locator) {
  const box = await button.boundingBox()
  if (!box) throw new Error('The button is not on screen')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await context.setOffline(true)
  await expect(page.getByText('Offline: sales are kept on this phone')).toBeVisible()
  await page.mouse.up()
  await context.setOffline(false)
  await expect(page.getByText('Online', { exact: true })).toBeVisible()
}

test('a tap that lands while the till draws its screen again still adds the item and changes the quantity', async ({
  page,
  context,
  baseURL,
}) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  await openTill(page, t.path)
  const sale = page.getByRole('region', { name: 'This sale' })

  await addButton(page, `${t.name}: M`).scrollIntoViewIfNeeded()
  await tapAcrossARedraw(page, context, addButton(page, `${t.name}: M`))
  await expect(sale.getByRole('listitem').filter({ hasText: `${t.name}: M` })).toBeVisible()
  await expect(page.getByLabel('Total')).toHaveText('$25.00')

  await tapAcrossARedraw(page, context, page.getByRole('button', { name: `One more ${t.name}: M` }))
  await expect(page.getByLabel(`Quantity of ${t.name}: M`)).toHaveText('2')
  await expect(page.getByLabel('Total')).toHaveText('$50.00')
})
