import { expect, test, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { controlsIn, ownerWithLongWords, pageWidths } from './everydayWorkSteps'
import { addToCart, cartButton, waitForHydration } from './fixtures'
import { insertProduct, openTab, OWNER, ownerPage, pngFile, signIn, startSite, type Site } from './support'

/*
 * The dashboard for everyday work: an image chosen in a form is saved with it, sizes are restocked
 * in place, colours are checked, nothing scrolls sideways on a phone, and each tab has its URL.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

let site: Site
let page: Page
let owner: Client
let tee: string

const dialog = () => page.getByRole('dialog')
const toast = (text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByText(text)

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  site = await startSite()
  owner = await ownerWithLongWords(site)
  tee = await insertProduct(site, { name: 'Tour Tee', featured: true }, [
    ['M', 3],
    ['L', 0],
  ])
  page = await ownerPage(browser, site)
})

test.afterAll(async () => {
  await page?.context().close()
  await site?.stop()
})

test.describe('saving saves what was chosen', () => {
  test('an image chosen but not uploaded is uploaded by Create Product and Save Profile', async () => {
    await openTab(page, 'Products')
    await page.getByRole('button', { name: 'Add Product' }).click()
    await dialog().getByLabel('Name').fill('Gig Poster')
    await dialog().getByLabel('Price').fill('12')
    await dialog().getByLabel('Choose product image').setInputFiles(pngFile('poster.png'))
    await dialog().getByRole('button', { name: 'Create Product' }).click()
    await expect(toast('Product saved successfully')).toBeVisible()
    const product = await site.sql(`SELECT image_url FROM products WHERE name = 'Gig Poster'`)
    expect(product.rows[0].image_url).toMatch(/^\/objects\//)
    await expect(page.getByRole('img', { name: 'Gig Poster' })).toBeVisible()

    await openTab(page, 'Band Profile')
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await dialog().getByLabel('Choose profile image').setInputFiles(pngFile('band.png'))
    await dialog().getByRole('button', { name: 'Save Profile' }).click()
    await expect(toast('Band profile updated successfully')).toBeVisible()
    const profile = await site.sql(`SELECT profile_image_url FROM band_profile`)
    expect(profile.rows[0].profile_image_url).toMatch(/^\/objects\//)
  })

  test('a failed upload saves nothing and the toast says why', async () => {
    await openTab(page, 'Products')
    await page.getByRole('button', { name: 'Add Product' }).click()
    await dialog().getByLabel('Name').fill('Not An Image')
    await dialog().getByLabel('Price').fill('5')
    await dialog()
      .getByLabel('Choose product image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text') })
    await dialog().getByRole('button', { name: 'Create Product' }).click()
    await expect(toast(/Failed to process uploaded image.*(PNG|JPEG|image)/i)).toBeVisible()
    await expect(dialog()).toBeVisible()
    expect((await site.sql(`SELECT id FROM products WHERE name = 'Not An Image'`)).rowCount).toBe(0)
    await dialog().getByRole('button', { name: 'Cancel' }).click()
  })

  test("the theme's background shows right after its upload", async () => {
    await openTab(page, 'Theme')
    await page.getByLabel('Choose background image').setInputFiles(pngFile('background.png'))
    await page.getByRole('button', { name: 'Save Theme' }).click()
    await expect(toast('Theme settings updated successfully')).toBeVisible()
    const current = page.getByRole('img', { name: 'Current background image' })
    await expect(current).toHaveAttribute('src', /^\/objects\//)
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })
})

test.describe('sizes edited in place', () => {
  test('restocking a sold-out size in the options panel makes it available on the public page', async () => {
    const publicPage = await page.context().newPage()
    await publicPage.goto(site.url)
    const card = publicPage.getByTestId('product-card').filter({ hasText: 'Tour Tee' })
    await expect(card.getByRole('radio', { name: /^L/ })).toBeDisabled()

    await openTab(page, 'Products')
    await page.getByRole('button', { name: 'Edit Tour Tee' }).click()
    const row = dialog()
      .getByRole('listitem')
      .filter({ hasText: /^Size\s*L/ })
    await row.getByRole('button', { name: 'Edit option L' }).click()
    await dialog().getByLabel('Stock of L').fill('12')
    await dialog().getByRole('button', { name: 'Save option L' }).click()
    await expect(toast('Option updated successfully')).toBeVisible()
    await expect(dialog().getByRole('listitem').filter({ hasText: 'Stock: 12' })).toBeVisible()
    expect((await site.sql(`SELECT inventory::int AS n FROM product_options WHERE value = 'L'`)).rows[0].n).toBe(12)
    // The product's own stock is the sum of its sizes, not a field of its own.
    await expect(dialog().getByLabel('Inventory')).toBeDisabled()
    await expect(dialog().getByLabel('Inventory')).toHaveValue('15')
    await dialog().getByRole('button', { name: 'Cancel' }).click()

    // The page is rebuilt within seconds of a change in the dashboard.
    await expect(async () => {
      await publicPage.reload()
      await expect(card.getByRole('radio', { name: /^L/ })).toBeEnabled({ timeout: 1000 })
    }).toPass({ timeout: 20_000 })
    await publicPage.close()
  })

  test('several sizes are added at once', async () => {
    await openTab(page, 'Products')
    await page.getByRole('button', { name: 'Edit Tour Tee' }).click()
    await dialog().getByRole('button', { name: 'Add Option' }).click()
    await dialog().getByLabel('Option Value').fill('S, XL, XXL')
    await dialog().getByLabel('Stock', { exact: true }).fill('7')
    await dialog().getByRole('group', { name: 'Add Option' }).getByRole('button', { name: /^Add/ }).click()
    await expect(toast(/3 options added/)).toBeVisible()
    const sizes = await site.sql(
      `SELECT value, inventory::int AS inventory FROM product_options WHERE product_id_id = $1 AND value IN ('S', 'XL', 'XXL') ORDER BY value`,
      [tee],
    )
    expect(sizes.rows).toEqual([
      { value: 'S', inventory: 7 },
      { value: 'XL', inventory: 7 },
      { value: 'XXL', inventory: 7 },
    ])
    await dialog().getByRole('button', { name: 'Cancel' }).click()
  })
})

test.describe('colours that cannot break the page', () => {
  test('an invalid colour is refused by the form and by the server', async () => {
    await openTab(page, 'Theme')
    await page.getByLabel('Card Color', { exact: true }).fill('dark blue-ish')
    await page.getByRole('button', { name: 'Save Theme' }).click()
    await expect(page.getByText(/not a CSS colou?r/i).first()).toBeVisible()
    await expect(toast('Theme settings updated successfully')).toHaveCount(0)
    expect((await site.sql(`SELECT card_color FROM theme_settings`)).rows[0]?.card_color ?? null).not.toBe(
      'dark blue-ish',
    )

    const res = await owner.json('PUT', '/api/admin/theme-settings', { cardColor: 'dark blue-ish' })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toMatch(/cardColor/)
  })

  test('a low-contrast text colour warns but may be saved', async () => {
    await page.reload()
    await openTab(page, 'Theme')
    await page.getByLabel('Card Color', { exact: true }).fill('#222222')
    await page.getByLabel('Text Color', { exact: true }).fill('#333333')
    await expect(page.getByText(/contrast/i).first()).toBeVisible()
    const preview = page.getByTestId('theme-preview')
    await expect(preview).toBeVisible()
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(34, 34, 34)')
    await page.getByLabel('Text Color', { exact: true }).fill('#f8fafc')
    await expect(page.getByText(/low contrast/i)).toHaveCount(0)
  })
})

test.describe('tabs in the URL', () => {
  test('each tab has its hash, Back and Forward move between tabs, reload keeps the tab', async () => {
    await page.goto(`${site.url}/admin`)
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Links' })).toBeVisible()
    await openTab(page, 'Products')
    await expect(page).toHaveURL(/\/admin#products$/)
    await openTab(page, 'Orders')
    await expect(page).toHaveURL(/\/admin#orders$/)
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin#products$/)
    await page.goForward()
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible()
    await openTab(page, 'Subscribers')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter Subscribers' })).toBeVisible()
  })
})

test.describe('fits a phone', () => {
  test('no page scrolls sideways at 390 px with a long URL in the bio', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const phone = await context.newPage()
    const fits = async (label: string) => {
      const { scroll, inner, wide } = await pageWidths(phone)
      expect(scroll, `${label} is ${scroll} px wide: ${wide.join(' | ')}`).toBeLessThanOrEqual(inner)
    }
    await phone.goto(site.url)
    await fits('/')
    // A shirt in the cart, so that the checkout shows its form (an empty cart leaves it for `/`).
    await waitForHydration(phone)
    await addToCart(phone, 'Tour Tee', 'M')
    await expect(cartButton(phone)).toHaveAccessibleName('Cart, 1 item')
    await signIn(phone, site, OWNER.email, OWNER.password)
    for (const tab of ['band', 'links', 'products', 'orders', 'shows', 'music', 'users', 'subscribers', 'theme']) {
      await phone.goto(`${site.url}/admin#${tab}`)
      await phone.reload()
      await expect(phone.getByRole('heading', { level: 1 })).toBeVisible()
      await phone.waitForLoadState('networkidle')
      await fits(`/admin#${tab}`)
    }
    await phone.goto(`${site.url}/checkout`)
    // Its form, live and priced: with a cart the page does not go quiet on the network, so the
    // test waits for what a buyer waits for.
    await expect(phone.getByRole('button', { name: 'Create Order & Proceed to Payment' })).toBeEnabled()
    await expect(phone.getByRole('main').getByText('Tour Tee').first()).toBeVisible()
    await expect(phone).toHaveURL(`${site.url}/checkout`)
    await fits('/checkout')
    await context.close()
  })
})

test.describe('shows', () => {
  test('past shows are marked Past; the site time zone is set in the Band tab and starts new shows', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    for (const [title, date] of [
      ['Last Month Gig', day(-30)],
      ['Next Month Gig', day(30)],
    ] as const)
      expect(
        (await owner.json('POST', '/api/admin/shows', { title, venue: 'The Hall', date, isActive: true })).status,
      ).toBe(201)
    await page.goto(`${site.url}/admin#shows`)
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Shows' })).toBeVisible()
    const card = (title: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(card('Last Month Gig').getByText('Past', { exact: true })).toBeVisible()
    await expect(card('Next Month Gig')).toBeVisible()
    await expect(card('Next Month Gig').getByText('Past', { exact: true })).toHaveCount(0)

    await openTab(page, 'Band Profile')
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    const zone = dialog().getByLabel('Time zone of your shows')
    await zone.fill('Mars/Olympus')
    await dialog().getByRole('button', { name: 'Save Profile' }).click()
    await expect(dialog().getByText('Enter an IANA time zone such as America/Los_Angeles')).toBeVisible()
    await zone.fill('America/Chicago')
    await dialog().getByRole('button', { name: 'Save Profile' }).click()
    await expect(toast('Band profile updated successfully')).toBeVisible()
    await expect(page.getByText("Shows' time zone: America/Chicago")).toBeVisible()

    await openTab(page, 'Shows')
    await page.getByRole('button', { name: 'Add Show' }).click()
    await dialog().getByLabel('Show Title *').fill('Chicago Night')
    await dialog().getByLabel('Venue *').fill('Empty Bottle')
    await dialog().getByLabel('Date *').fill(day(40))
    await dialog().getByLabel('Time', { exact: true }).fill('8:00 PM')
    await dialog().getByRole('button', { name: 'Create Show' }).click()
    await expect(toast('Show created successfully')).toBeVisible()
    const shows = (await owner.json('GET', '/api/admin/shows?limit=100')).body
    const chicago = (shows.docs ?? shows).find((s: { title: string }) => s.title === 'Chicago Night')
    // It names no zone of its own: it follows the band's.
    expect(chicago).toMatchObject({ timeZone: null, effectiveTimeZone: 'America/Chicago' })
    expect(new Date(chicago.startsAt).toLocaleString('en-US', { timeZone: 'America/Chicago', hour: 'numeric' })).toBe(
      '8 PM',
    )
  })
})

test.describe("/cms in the band's words", () => {
  test('an option is titled by its product and value, and /cms names the band with a way back', async () => {
    const created = await owner.json('POST', `/api/admin/products/${tee}/options`, {
      name: 'Size',
      value: 'XL',
      inventory: 4,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const option = (Array.isArray(created.body) ? created.body[0] : created.body) as { id: string }
    await page.goto(`${site.url}/cms/collections/product-options/${option.id}`)
    await expect(page.getByRole('heading', { name: 'Tour Tee: XL' }).first()).toBeVisible()
    await expect(page).toHaveTitle(/The Long Words CMS$/)
    await expect(page.getByTestId('cms-band-name')).toHaveText('The Long Words')
    await expect(page.getByRole('link', { name: '← Back to the team dashboard' })).toHaveAttribute('href', '/admin')

    const rename = async (name: string) => {
      const res = await owner.json('PUT', `/api/admin/products/${tee}`, { name })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    await rename('Winter Tee')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Winter Tee: XL' }).first()).toBeVisible()
    await rename('Tour Tee')
  })
})

test.describe('viewers', () => {
  test('a viewer sees no write control on any tab', async ({ browser }) => {
    const invited = await owner.json('POST', '/api/admin/users/invite', { email: 'viewer@band.test', role: 'viewer' })
    expect(invited.status).toBe(201)
    const token = new URL(invited.body.inviteUrl).searchParams.get('invite')!
    const viewer = new Client(site.url)
    expect((await viewer.post('/api/auth/accept-invite', { token, password: 'viewer-password-1' })).status).toBe(200)
    // A used invitation says so as soon as it is opened.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const v = await context.newPage()
    await v.goto(invited.body.inviteUrl)
    await expect(v.getByRole('main').getByRole('alert')).toContainText('This invitation link is invalid or has expired')
    await expect(v.getByLabel(/New password/)).toHaveCount(0)

    const [name, value] = viewer.cookie!.split('=') as [string, string]
    await context.addCookies([{ name, value, url: site.url }])
    const WRITE = /^(Add|Edit|Delete|Remove|Save|Upload|Duplicate|Mark as|Refund|Invite|Export|Reset|Change|Choose)/
    for (const tab of ['band', 'links', 'products', 'orders', 'shows', 'music', 'users', 'subscribers', 'theme']) {
      await v.goto(`${site.url}/admin#${tab}`)
      await expect(v.getByRole('heading', { level: 1 })).toBeVisible()
      await v.waitForLoadState('networkidle')
      const main = v.getByRole('main')
      // The shipping rates' form loads after the products; its fields are checked too.
      if (tab === 'products') await v.locator('#zone-0-name').waitFor()
      const { buttons, editable } = await controlsIn(main)
      expect(
        buttons.filter((b) => WRITE.test(b)),
        `write buttons on #${tab}`,
      ).toEqual([])
      expect(editable, `editable fields on #${tab}`).toEqual([])
      await expect(main.getByRole('switch', { disabled: false })).toHaveCount(0)
    }
    await context.close()
  })
})
