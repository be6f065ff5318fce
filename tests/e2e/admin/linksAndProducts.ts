import { expect, type Locator, type Page } from '@playwright/test'

import { expectAccessible, openTab, pngFile, type Site } from '../support'

import { dialog, test, toast } from './dashboard'

/** The Links tab. */
export function linksTab() {
  test.describe('Links tab', () => {
    test('creating a link with the icon picker, editing it and deleting it', async ({ page, site }) => {
      await openTab(page, 'Links')
      await page.getByRole('button', { name: 'Add Link' }).click()
      await expect(dialog().getByRole('heading', { name: 'Add Link' })).toBeVisible()
      await dialog().getByLabel('Title').fill('Instagram')
      await dialog().getByLabel('URL').fill('https://instagram.com/band')
      await expect(dialog().getByRole('button', { name: 'Select Icon' })).toBeVisible()
      await dialog().getByRole('button', { name: 'Select Icon' }).click()
      const presets = page.getByRole('group', { name: 'Preset icons' }).getByRole('button')
      await expect(presets).toHaveCount(20)
      await expect(presets.first()).toHaveText('Instagram')
      await expect(presets.last()).toHaveText('Play')
      await expect(page.getByText('Find more icons at')).toBeVisible()
      await expectAccessible(page, 'icon picker')
      await presets.filter({ hasText: 'Instagram' }).click()
      await expect(dialog().getByRole('button', { name: 'Instagram' })).toBeVisible()
      await dialog().getByLabel('Order').fill('2')
      await dialog().getByRole('button', { name: 'Create Link' }).click()
      await expect(toast('Link saved successfully')).toBeVisible()

      const card = page.getByRole('list', { name: 'Links' }).getByRole('listitem').filter({ hasText: 'Instagram' })
      await expect(card).toContainText('https://instagram.com/band')
      await expect(card).toContainText('Active')
      await expect(card).toContainText('Order: 2')
      const saved = await site.sql(
        `SELECT icon, "order"::int AS "order", is_active FROM links WHERE title = 'Instagram'`,
      )
      expect(saved.rows).toEqual([{ icon: 'fa-brands fa-instagram', order: 2, is_active: true }])

      // Edit: a custom icon class, inactive.
      await card.getByRole('button', { name: 'Edit Instagram' }).click()
      await expect(dialog().getByRole('heading', { name: 'Edit Link' })).toBeVisible()
      await dialog().getByLabel('Title').fill('Drums')
      await dialog().getByRole('button', { name: 'Instagram' }).click()
      await page.getByLabel('Custom icon class').fill('fa-solid fa-drum')
      await page.keyboard.press('Escape')
      await expect(dialog().getByRole('button', { name: 'Custom Icon' })).toBeVisible()
      await dialog().getByRole('switch', { name: 'Active' }).click()
      await dialog().getByRole('button', { name: 'Update Link' }).click()
      await expect(toast('Link saved successfully')).toBeVisible()
      const edited = page.getByRole('list', { name: 'Links' }).getByRole('listitem').filter({ hasText: 'Drums' })
      await expect(edited).toContainText('Inactive')
      expect((await site.sql(`SELECT icon FROM links WHERE title = 'Drums'`)).rows).toEqual([
        { icon: 'fa-solid fa-drum' },
      ])

      // A bad URL is refused in the form with the schema's message.
      await page.getByRole('button', { name: 'Add Link' }).click()
      await dialog().getByLabel('Title').fill('Broken')
      await dialog().getByLabel('URL').fill('not a url')
      await dialog().getByRole('button', { name: 'Create Link' }).click()
      await expect(dialog().getByText('Enter a full URL, such as https://example.com')).toBeVisible()
      await dialog().getByRole('button', { name: 'Cancel' }).click()

      await edited.getByRole('button', { name: 'Delete Drums' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(toast('Link deleted successfully')).toBeVisible()
      await expect(page.getByText('No links created yet. Click "Add Link" to get started.')).toBeVisible()

      // A link for the filled state of later checks.
      await page.getByRole('button', { name: 'Add Link' }).click()
      await dialog().getByLabel('Title').fill('Spotify')
      await dialog().getByLabel('URL').fill('https://open.spotify.com/artist/band')
      await dialog().getByRole('button', { name: 'Select Icon' }).click()
      await page.getByRole('group', { name: 'Preset icons' }).getByRole('button', { name: 'Spotify' }).click()
      await dialog().getByRole('button', { name: 'Create Link' }).click()
      await expect(toast('Link saved successfully')).toBeVisible()
    })
  })
}

/** The Products tab, with its options. */
export function productsTab() {
  productTests()
  preorderTests()
}

/** The products of the Products tab, the first list in it. */
const productCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: name })

/** Fills the Add Product form for 'Tour Shirt' (featured, 10 in stock). */
async function fillTourShirt() {
  await dialog().getByLabel('Name').fill('Tour Shirt')
  await dialog().getByLabel('Price').fill('25')
  await dialog().getByLabel('Category').fill('Apparel')
  await dialog().getByLabel('Inventory').fill('10')
  await dialog().getByLabel('Description').fill('Black cotton shirt')
  await dialog().getByRole('switch', { name: 'Featured' }).click()
}

/** Chooses an image one byte over 10 MB; returns the browser alerts shown (each accepted). */
async function chooseTooLargeImage(page: Page): Promise<string[]> {
  const alerts: string[] = []
  page.on('dialog', (d) => {
    alerts.push(d.message())
    void d.accept()
  })
  await dialog()
    .getByLabel('Choose product image')
    .setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    })
  return alerts
}

/** Sets the stored image URL of 'Tour Shirt (Copy)' and opens the Products tab again. */
async function reloadWithCopyImage(page: Page, site: Site, imageUrl: string | null) {
  await site.sql(`UPDATE products SET image_url = $1 WHERE name = 'Tour Shirt (Copy)'`, [imageUrl])
  await page.reload()
  await openTab(page, 'Products')
}

/** Opens the product dialog's Add Option form. */
async function openAddOption() {
  await dialog().getByRole('button', { name: 'Add Option' }).click()
  return dialog().getByRole('group', { name: 'Add Option' })
}

/** Deletes a product from its card, confirming. */
async function deleteProduct(page: Page, card: Locator, name: string) {
  await card.getByRole('button', { name: `Delete ${name}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
}

/** A product with an image and options (the first of the two 'Products tab' blocks). */
function productTests() {
  test.describe('Products tab', () => {
    test('a product with an uploaded PNG, an option added and deleted, a duplicate counting its options, and delete', async ({
      page,
      site,
    }) => {
      await openTab(page, 'Products')
      await page.getByRole('button', { name: 'Add Product' }).click()
      await expect(dialog().getByRole('heading', { name: 'Add Product' })).toBeVisible()
      await expect(dialog().getByLabel('Price')).toHaveAttribute('placeholder', '19.99')
      // Options can be edited only once the product exists.
      await expect(dialog().getByText('Product Options (Sizes)')).toHaveCount(0)
      await fillTourShirt()

      // Over 10 MB is refused before any upload.
      const alerts = await chooseTooLargeImage(page)
      await expect.poll(() => alerts).toEqual(['File size must be less than 10 MB'])
      await expect(dialog().getByText('huge.png')).toHaveCount(0)

      const png = pngFile('merch.png')
      await dialog().getByLabel('Choose product image').setInputFiles(png)
      await expect(dialog().getByText('merch.png')).toBeVisible()
      await expect(dialog().getByText(`${(png.buffer.length / 1024).toFixed(1)} KB`)).toBeVisible()
      await dialog().getByRole('button', { name: 'Upload', exact: true }).click()
      await expect(toast('Image uploaded successfully')).toBeVisible()
      await expect(dialog().getByRole('img', { name: 'Current product image' })).toBeVisible()
      await dialog().getByRole('button', { name: 'Create Product' }).click()
      await expect(toast('Product saved successfully')).toBeVisible()

      const card = productCard(page, 'Tour Shirt')
      await expect(card).toContainText('$25.00')
      await expect(card).toContainText('Inventory: 10')
      await expect(card).toContainText('Active')
      await expect(card).toContainText('Featured')
      const image = card.getByRole('img', { name: 'Tour Shirt' })
      await expect(image).toHaveAttribute('src', /^\/objects\/media\//)
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4)

      // Options: defaults, the required value, add two, delete one.
      await card.getByRole('button', { name: 'Edit Tour Shirt' }).click()
      await expect(dialog().getByRole('heading', { name: 'Edit Product' })).toBeVisible()
      await expect(dialog().getByText('Product Options (Sizes)')).toBeVisible()
      await expect(dialog().getByText('No options yet.')).toBeVisible()
      const form = await openAddOption()
      await expect(form.getByLabel('Option Name')).toHaveValue('Size')
      await expect(form.getByLabel('Price Adjustment')).toHaveValue('0.00')
      await expect(form.getByLabel('Stock')).toHaveValue('50')
      await form.getByRole('button', { name: 'Add Option' }).click()
      await expect(form.getByText('Option value is required')).toBeVisible()
      await form.getByLabel('Option Value').fill('M')
      await form.getByLabel('Price Adjustment').fill('2.00')
      await form.getByRole('button', { name: 'Add Option' }).click()
      await expect(toast('Option added successfully')).toBeVisible()
      const options = dialog().getByRole('list', { name: 'Options' })
      await expect(options.getByRole('listitem')).toHaveCount(1)
      await expect(options.getByRole('listitem').first()).toContainText('Size')
      await expect(options.getByRole('listitem').first()).toContainText('M+$2.00Stock: 50')
      // The form closed and reset to its defaults.
      await dialog().getByRole('button', { name: 'Add Option' }).click()
      await expect(form.getByLabel('Option Value')).toHaveValue('')
      await form.getByLabel('Option Value').fill('L')
      await form.getByLabel('Stock').fill('')
      await form.getByRole('button', { name: 'Add Option' }).click()
      await expect(toast('Option added successfully')).toBeVisible()
      await expect(options.getByRole('listitem')).toHaveCount(2)
      await expect(options.getByRole('listitem').nth(1)).toContainText('Stock: 0')
      await expect(options.getByRole('listitem').nth(1)).not.toContainText('+$')
      await options.getByRole('button', { name: 'Delete option L' }).click()
      await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this option?')
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(toast('Option deleted successfully')).toBeVisible()
      await expect(options.getByRole('listitem')).toHaveCount(1)
      await dialog().getByRole('button', { name: 'Cancel' }).click()

      // Duplicate: the message counts the copied options.
      await card.getByRole('button', { name: 'Duplicate Tour Shirt' }).click()
      await expect(toast('Created "Tour Shirt (Copy)" with 1 option copied.')).toBeVisible()
      const copy = productCard(page, 'Tour Shirt (Copy)')
      await expect(copy).toBeVisible()

      // Placeholders for a product without an image and for an image that fails to load.
      await reloadWithCopyImage(page, site, null)
      await expect(copy.getByText('No image uploaded')).toBeVisible()
      await reloadWithCopyImage(page, site, '/objects/media/missing.png')
      await expect(copy.getByText('Image failed to load')).toBeVisible()

      await deleteProduct(page, copy, 'Tour Shirt (Copy)')
      await expect(toast('Product deleted successfully')).toBeVisible()
      await expect(copy).toHaveCount(0)
      await expect(card).toBeVisible()
    })
  })
}

/** Pre-orders of a product and of a size (the second 'Products tab' block). */
function preorderTests() {
  test.describe('Products tab', () => {
    test('a product and a size on pre-order, with a ship date and a cap', async ({ page }) => {
      await openTab(page, 'Products')
      await page.getByRole('button', { name: 'Add Product' }).click()
      await dialog().getByLabel('Name').fill('New LP')
      await dialog().getByLabel('Price').fill('30')
      await dialog().getByLabel('Inventory').fill('0')
      await dialog().getByLabel('Pre-order ships on').fill('2027-03-06')
      await dialog().getByLabel('Pre-order cap').fill('-1')
      await dialog().getByRole('button', { name: 'Create Product' }).click()
      await expect(dialog().getByText('The pre-order cap must be a whole number of 0 or more.')).toBeVisible()
      await dialog().getByLabel('Pre-order cap').fill('100')
      await dialog().getByRole('button', { name: 'Create Product' }).click()
      await expect(toast('Product saved successfully')).toBeVisible()
      const card = productCard(page, 'New LP')
      await expect(card).toContainText('Inventory: 0 · Pre-order: ships March 6, 2027')

      // With sizes, each size has its own pre-order.
      await card.getByRole('button', { name: 'Edit New LP' }).click()
      await expect(dialog().getByLabel('Pre-order ships on')).toHaveValue('2027-03-06')
      await expect(dialog().getByLabel('Pre-order cap')).toHaveValue('100')
      const form = await openAddOption()
      await form.getByLabel('Option Value').fill('Red vinyl')
      await form.getByLabel('Stock').fill('0')
      await form.getByRole('button', { name: 'Add Option' }).click()
      await expect(toast('Option added successfully')).toBeVisible()
      await expect(dialog().getByText('A size goes on pre-order from its own Edit below.')).toBeVisible()
      const options = dialog().getByRole('list', { name: 'Options' })
      await options.getByRole('button', { name: 'Edit option Red vinyl' }).click()
      await dialog().getByLabel('Pre-order ships on of Red vinyl').fill('2027-04-01')
      await dialog().getByLabel('Pre-order cap of Red vinyl').fill('50')
      await dialog().getByRole('button', { name: 'Save option Red vinyl' }).click()
      await expect(toast('Option updated successfully')).toBeVisible()
      await expect(options.getByRole('listitem').first()).toContainText('Pre-order: ships April 1, 2027, cap 50')
      await dialog().getByRole('button', { name: 'Cancel' }).click()
      await expect(card).toContainText('sizes on pre-order')

      await deleteProduct(page, card, 'New LP')
      await expect(toast('Product deleted successfully')).toBeVisible()
    })
  })
}
