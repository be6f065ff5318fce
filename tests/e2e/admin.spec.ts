import { parse } from 'csv-parse/sync'
import { expect, test, type Download, type Page } from '@playwright/test'

import { startMailbox, type Mailbox } from '../helpers/smtp'

import {
  expectAccessible,
  openTab,
  OWNER,
  pngFile,
  recordedToasts,
  recordToasts,
  signIn,
  startSite,
  TAB_TITLES,
  type Site,
  type TabName,
} from './support'

/*
 * The team dashboard at /admin, driven in Chromium against the production server: one site for
 * the whole file (tests build on each other, in order), signed in through the real /login page.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

let site: Site
let mailbox: Mailbox
let page: Page

const MANAGER = { email: 'manager@band.test', password: 'manager-password-1' }
const VIEWER = { email: 'viewer@band.test', password: 'viewer-password-1' }

test.beforeAll(async ({ browser }) => {
  mailbox = await startMailbox()
  site = await startSite({ SMTP_URL: mailbox.url })
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
})

test.afterAll(async () => {
  await page?.context().close()
  await site?.stop()
  await mailbox?.close()
})

const dialog = () => page.getByRole('dialog')
const toast = (text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByText(text)

test.describe('/admin shell', () => {
  test('a signed-out visitor is sent to the login endpoint', async () => {
    await page.goto(`${site.url}/admin`)
    await expect(page).toHaveURL(/\/login\?next=/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  })

  test('the owner signs in through /login and the dashboard opens on Links', async () => {
    await signIn(page, site, OWNER.email, OWNER.password)
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Links' })).toBeVisible()
    const sidebar = page.getByRole('navigation', { name: 'Dashboard', exact: true })
    for (const tab of Object.keys(TAB_TITLES))
      await expect(sidebar.getByRole('button', { name: tab, exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  })

  test('every tab shows its title and its empty state', async () => {
    const empty: Record<TabName, string> = {
      'Band Profile': 'No band profile created yet. Click "Edit Profile" to get started.',
      Links: 'No links created yet. Click "Add Link" to get started.',
      Products: 'No products created yet. Click "Add Product" to get started.',
      Orders: 'No orders yet.',
      Shows: 'No upcoming shows yet.',
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
      page.getByText('Notifications go to all configured addresses when a subscriber signs up or an order is placed.'),
    ).toBeVisible()
  })
})

test.describe('Links tab', () => {
  test('creating a link with the icon picker, editing it and deleting it', async () => {
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
    const saved = await site.sql(`SELECT icon, "order"::int AS "order", is_active FROM links WHERE title = 'Instagram'`)
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

test.describe('Products tab', () => {
  test('a product with an uploaded PNG, an option added and deleted, a duplicate counting its options, and delete', async () => {
    await openTab(page, 'Products')
    await page.getByRole('button', { name: 'Add Product' }).click()
    await expect(dialog().getByRole('heading', { name: 'Add Product' })).toBeVisible()
    await expect(dialog().getByLabel('Price')).toHaveAttribute('placeholder', '19.99')
    // Options can be edited only once the product exists.
    await expect(dialog().getByText('Product Options (Sizes)')).toHaveCount(0)
    await dialog().getByLabel('Name').fill('Tour Shirt')
    await dialog().getByLabel('Price').fill('25')
    await dialog().getByLabel('Category').fill('Apparel')
    await dialog().getByLabel('Inventory').fill('10')
    await dialog().getByLabel('Description').fill('Black cotton shirt')
    await dialog().getByRole('switch', { name: 'Featured' }).click()

    // Over 10 MB is refused before any upload.
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

    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: 'Tour Shirt' })
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
    await dialog().getByRole('button', { name: 'Add Option' }).click()
    const form = dialog().getByRole('group', { name: 'Add Option' })
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
    const copy = page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ hasText: 'Tour Shirt (Copy)' })
    await expect(copy).toBeVisible()

    // Placeholders for a product without an image and for an image that fails to load.
    await site.sql(`UPDATE products SET image_url = NULL WHERE name = 'Tour Shirt (Copy)'`)
    await page.reload()
    await openTab(page, 'Products')
    await expect(copy.getByText('No image uploaded')).toBeVisible()
    await site.sql(`UPDATE products SET image_url = '/objects/media/missing.png' WHERE name = 'Tour Shirt (Copy)'`)
    await page.reload()
    await openTab(page, 'Products')
    await expect(copy.getByText('Image failed to load')).toBeVisible()

    await copy.getByRole('button', { name: 'Delete Tour Shirt (Copy)' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast('Product deleted successfully')).toBeVisible()
    await expect(copy).toHaveCount(0)
    await expect(card).toBeVisible()
  })
})

test.describe('Shows tab', () => {
  test('a show keeps the chosen date as noon UTC, and is edited and deleted', async () => {
    await openTab(page, 'Shows')
    for (const [title, date] of [
      ['Spring Tour Opener', '2031-05-14'],
      ['Cancelled Gig', '2031-06-01'],
    ]) {
      await page.getByRole('button', { name: 'Add Show' }).click()
      await expect(dialog().getByRole('heading', { name: 'Add New Show' })).toBeVisible()
      await expect(dialog().getByLabel('Time')).toHaveAttribute('placeholder', '7:00 PM')
      await dialog().getByLabel('Show Title *').fill(title)
      await dialog().getByLabel('Venue *').fill('The Crystal Ballroom')
      await dialog().getByLabel('Date *').fill(date)
      await dialog().getByLabel('Time').fill('8:00 PM')
      await dialog().getByLabel('City').fill('Portland')
      await dialog().getByLabel('State').fill('OR')
      await expect(dialog().getByRole('switch', { name: 'Active (visible to public)' })).toBeChecked()
      await dialog().getByRole('button', { name: 'Create Show' }).click()
      await expect(toast('Show created successfully')).toBeVisible()
    }
    const saved = await site.sql(`SELECT date FROM shows WHERE title = 'Spring Tour Opener'`)
    expect((saved.rows[0].date as Date).toISOString()).toBe('2031-05-14T12:00:00.000Z')

    const card = page
      .getByRole('list', { name: 'Shows' })
      .getByRole('listitem')
      .filter({ hasText: 'Spring Tour Opener' })
    await expect(card).toContainText('Wed, May 14, 2031 at 8:00 PM')
    await expect(card).toContainText('Portland, OR')
    await expect(card).toContainText('Active')

    await card.getByRole('button', { name: 'Edit Spring Tour Opener' }).click()
    await expect(dialog().getByRole('heading', { name: 'Edit Show' })).toBeVisible()
    await expect(dialog().getByLabel('Date *')).toHaveValue('2031-05-14')
    await dialog().getByLabel('Venue *').fill('Doug Fir Lounge')
    await dialog().getByRole('button', { name: 'Update Show' }).click()
    await expect(toast('Show updated successfully')).toBeVisible()
    await expect(card).toContainText('Doug Fir Lounge')
    expect(
      (
        (await site.sql(`SELECT date FROM shows WHERE title = 'Spring Tour Opener'`)).rows[0].date as Date
      ).toISOString(),
    ).toBe('2031-05-14T12:00:00.000Z')

    const cancelled = page
      .getByRole('list', { name: 'Shows' })
      .getByRole('listitem')
      .filter({ hasText: 'Cancelled Gig' })
    await cancelled.getByRole('button', { name: 'Delete Cancelled Gig' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast('Show deleted successfully')).toBeVisible()
    await expect(cancelled).toHaveCount(0)

    // The public page lists the show.
    const publicPage = await page.context().newPage()
    await publicPage.goto(site.url)
    await expect(publicPage.getByText('Doug Fir Lounge').first()).toBeVisible()
    await publicPage.close()
  })
})

test.describe('Band Profile tab', () => {
  test('editing the profile with an image shows it in the tab and on the public page', async () => {
    await openTab(page, 'Band Profile')
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await dialog().getByLabel('Band Name').fill('The Night Owls')
    await dialog().getByLabel('Genre').fill('Indie Rock')
    await dialog().getByLabel('Location').fill('Portland, OR')
    await dialog().getByLabel('Bio').fill('Four friends playing loud songs about quiet towns.')
    await dialog().getByLabel('Choose profile image').setInputFiles(pngFile('band.png'))
    await dialog().getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(toast('Image uploaded successfully')).toBeVisible()
    await dialog().getByRole('button', { name: 'Save Profile' }).click()
    await expect(toast('Band profile updated successfully')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'The Night Owls' })).toBeVisible()
    await expect(page.getByText('Indie Rock • Portland, OR')).toBeVisible()
    await expect(page.getByText('Four friends playing loud songs about quiet towns.')).toBeVisible()
    await expect(page.getByRole('img', { name: 'The Night Owls profile' })).toHaveAttribute(
      'src',
      /^\/objects\/media\//,
    )

    // Remove takes the image off when saved.
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await dialog().getByRole('button', { name: 'Remove' }).click()
    await expect(dialog().getByRole('img', { name: 'Current profile image' })).toHaveCount(0)
    await dialog().getByRole('button', { name: 'Cancel' }).click()

    const publicPage = await page.context().newPage()
    await publicPage.goto(site.url)
    await expect(publicPage.getByRole('heading', { name: 'The Night Owls' }).first()).toBeVisible()
    await publicPage.close()
  })
})

test.describe('Theme tab', () => {
  test('a saved theme with a background image shows on the public page', async () => {
    await openTab(page, 'Theme')
    await page.getByLabel('Primary Color').fill('hsl(10,80%,50%)')
    await page.getByLabel('Header Font').click()
    await page.getByRole('option', { name: 'Oswald' }).click()
    await page.getByLabel('Border Radius').click()
    await expect(page.getByRole('option')).toHaveText(['None', 'Small', 'Medium', 'Large', 'Extra Large'])
    await page.getByRole('option', { name: 'Small' }).click()
    await page.getByLabel('Background Style').click()
    await expect(page.getByRole('option')).toHaveText(['cover', 'contain', 'repeat', 'no-repeat'])
    await page.getByRole('option', { name: 'contain' }).click()
    await page.getByLabel('Notification Email').fill('alerts@band.test, tour@band.test')
    await page.getByLabel('Choose background image').setInputFiles(pngFile('backdrop.png'))
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(toast('Background image uploaded successfully')).toBeVisible()
    await page.getByRole('button', { name: 'Save Theme' }).click()
    await expect(toast('Theme settings updated successfully')).toBeVisible()

    const saved = await site.sql(
      `SELECT primary_color, header_font_family, border_radius, background_style, background_image, notification_email FROM theme_settings`,
    )
    expect(saved.rows[0]).toMatchObject({
      primary_color: 'hsl(10,80%,50%)',
      header_font_family: 'Oswald',
      border_radius: '0.375rem',
      background_style: 'contain',
      notification_email: 'alerts@band.test, tour@band.test',
    })
    expect(saved.rows[0].background_image).toMatch(/^\/objects\/(media|uploads)\/[\w.-]+$/)

    const publicPage = await page.context().newPage()
    await publicPage.goto(site.url)
    const css = await publicPage.locator('#theme-settings').textContent()
    expect(css).toContain('--primary:hsl(10,80%,50%)')
    expect(css).toContain(`url("${saved.rows[0].background_image}")`)
    expect(await publicPage.evaluate(() => getComputedStyle(document.body).backgroundSize)).toBe('contain')
    await publicPage.close()

    // Reset restores the default look in the form (saved only with Save Theme).
    await page.getByRole('button', { name: 'Reset' }).click()
    await expect(page.getByLabel('Primary Color')).toHaveValue('hsl(262,83%,58%)')
    await expect(page.getByLabel('Notification Email')).toHaveValue('alerts@band.test, tour@band.test')
  })
})

/** Signs a new browser context in through an emailed invitation link. */
async function acceptInvitation(email: string, password: string): Promise<Page> {
  const mail = await mailbox.waitFor((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)))
  const link = /https?:\/\/\S+\/login\?invite=[^\s"<]+/.exec(mail.text ?? '')?.[0]
  expect(link).toBeTruthy()
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 900 } })
  const invited = await context.newPage()
  await invited.goto(link!)
  await expect(invited.getByRole('heading', { name: 'Set your password' })).toBeVisible()
  await invited.getByLabel('New password (at least 8 characters)').fill(password)
  await invited.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(invited).toHaveURL(`${site.url}/admin`)
  return invited
}

let managerPage: Page
let viewerPage: Page

test.describe('Users tab', () => {
  test('inviting a manager and a viewer, who accept the emailed invitation through /login', async () => {
    await openTab(page, 'Users')
    await expect(page.getByText('Full system access; manages all users, system settings and all content')).toBeVisible()
    await expect(
      page.getByText('Manages content, views the user list, handles orders, manages shows and products'),
    ).toBeVisible()
    await expect(page.getByText('Read-only access; no editing; basic dashboard access (default role)')).toBeVisible()

    await page.getByRole('button', { name: 'Invite User' }).click()
    await dialog().getByLabel('Email').fill('not-an-email')
    await dialog().getByRole('button', { name: 'Send Invitation' }).click()
    await expect(dialog().getByText('Please enter a valid email address')).toBeVisible()
    await expect(dialog().getByRole('combobox', { name: 'Role' })).toHaveText('Viewer')
    await dialog().getByRole('combobox', { name: 'Role' }).click()
    await expect(page.getByRole('option')).toHaveText(['Manager', 'Viewer'])
    await page.getByRole('option', { name: 'Manager' }).click()
    await dialog().getByLabel('Email').fill(MANAGER.email)
    await dialog().getByRole('button', { name: 'Send Invitation' }).click()
    await expect(toast('User invited successfully')).toBeVisible()
    await expect(dialog()).toHaveCount(0)

    await page.getByRole('button', { name: 'Invite User' }).click()
    await dialog().getByLabel('Email').fill(VIEWER.email)
    await dialog().getByRole('button', { name: 'Send Invitation' }).click()
    await expect(toast('User invited successfully')).toBeVisible()

    const users = page.getByRole('list', { name: 'Users' })
    const managerRow = users.getByRole('listitem').filter({ hasText: MANAGER.email })
    await expect(managerRow).toContainText('Invited by admin')
    await expect(managerRow.getByRole('combobox')).toHaveText('Manager')
    await expect(managerRow.getByRole('switch')).toBeChecked()
    // The owner's own role and status cannot be changed here.
    const ownerRow = users.getByRole('listitem').filter({ hasText: OWNER.email })
    await expect(ownerRow).not.toContainText('Invited by admin')
    await expect(ownerRow.getByRole('combobox')).toBeDisabled()

    managerPage = await acceptInvitation(MANAGER.email, MANAGER.password)
    viewerPage = await acceptInvitation(VIEWER.email, VIEWER.password)
  })

  test('a manager edits content but has no invite, role or status controls and cannot edit the owner-only theme fields', async () => {
    const m = managerPage
    await expect(m.getByRole('heading', { level: 1, name: 'Band Profile' })).toBeVisible()
    await expect(m.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
    await openTab(m, 'Users')
    await expect(m.getByRole('list', { name: 'Users' }).getByRole('heading', { name: OWNER.email })).toBeVisible()
    await expect(m.getByRole('button', { name: 'Invite User' })).toHaveCount(0)
    await expect(m.getByRole('combobox')).toHaveCount(0)
    await expect(m.getByRole('switch')).toHaveCount(0)
    await openTab(m, 'Theme')
    await expect(m.getByLabel('Notification Email')).toBeDisabled()
    await expect(m.getByLabel('Custom CSS')).toBeDisabled()
    await m.getByLabel('Accent Color').fill('hsl(200,90%,55%)')
    await m.getByRole('button', { name: 'Save Theme' }).click()
    await expect(
      m
        .getByRole('region', { name: /Notifications/, includeHidden: true })
        .getByText('Theme settings updated successfully'),
    ).toBeVisible()
    // The server still refuses what the form hides.
    const refused = await m.request.put(`${site.url}/api/admin/theme-settings`, {
      data: { notificationEmail: 'thief@evil.test' },
      headers: { Origin: site.url },
    })
    expect(refused.status()).toBe(403)
    const invite = await m.request.post(`${site.url}/api/admin/users/invite`, {
      data: { email: 'x@band.test', role: 'viewer' },
      headers: { Origin: site.url },
    })
    expect(invite.status()).toBe(403)
  })
})

test.describe('Orders and Subscribers tabs', () => {
  test('orders with items, fulfilment, CSV export parsed back, and delete', async () => {
    const product = (await site.sql(`SELECT id FROM products WHERE name = 'Tour Shirt'`)).rows[0].id as string
    const option = (await site.sql(`SELECT id FROM product_options WHERE value = 'M'`)).rows[0].id as string
    const paid = (
      await site.sql(
        `INSERT INTO orders (customer_email, customer_name, customer_phone, subtotal_amount, shipping_amount, total_amount, status, paypal_order_id, shipping_address, created_at)
         VALUES ('fan@example.com', 'Jamie Fan', '5035550100', 79.00, 5.00, 84.00, 'paid', 'PAYPAL-123', $1, now() - interval '1 hour') RETURNING id`,
        [JSON.stringify({ street: '123 Main St', city: 'Portland', state: 'OR', zip: '97201', country: 'US' })],
      )
    ).rows[0].id as string
    await site.sql(
      // Items are listed in the order they were added, as their creation times say.
      `INSERT INTO order_items (order_id_id, product_id_id, product_option_id_id, quantity, price, product_name, option_name, option_value, price_adjustment, created_at)
       VALUES ($1, $2, $3, 2, 27.00, 'Tour Shirt', 'Size', 'M', 2.00, now()), ($1, $2, NULL, 1, 25.00, 'Tour Shirt', NULL, NULL, 0, now() + interval '1 millisecond')`,
      [paid, product, option],
    )
    const pending = (
      await site.sql(
        `INSERT INTO orders (customer_email, subtotal_amount, shipping_amount, total_amount, status) VALUES ('anon@example.com', 25.00, 5.00, 30.00, 'pending') RETURNING id`,
      )
    ).rows[0].id as string

    await page.reload()
    await openTab(page, 'Orders')
    const paidCard = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem')
      .filter({ hasText: `Order #${paid.slice(0, 8)}` })
    await expect(paidCard).toContainText('Jamie Fan')
    await expect(paidCard).toContainText('fan@example.com')
    await expect(paidCard).toContainText('123 Main St, Portland, OR, 97201')
    await expect(paidCard).toContainText('$84.00')
    await expect(paidCard).toContainText('Tour Shirt (Size: M, +$2.00)')
    await expect(paidCard).toContainText('2 × $27.00')
    await expect(paidCard).toContainText('Subtotal$79.00')
    await expect(paidCard).toContainText('Shipping$5.00')
    await expect(paidCard).toContainText('PAYPAL-123')
    const badge = paidCard.getByText('paid', { exact: true })
    await expect(badge).toHaveClass(/bg-green/)
    const pendingCard = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem')
      .filter({ hasText: `Order #${pending.slice(0, 8)}` })
    await expect(pendingCard).toContainText('No name provided')
    await expect(pendingCard).toContainText('No address provided')
    await expect(pendingCard.getByText('pending', { exact: true })).toHaveClass(/bg-gray/)
    await expect(pendingCard.getByRole('button', { name: /Mark as/ })).toHaveCount(0)

    await paidCard.getByRole('button', { name: 'Mark as Shipped' }).click()
    await expect(toast('Order marked as shipped')).toBeVisible()
    await expect(paidCard.getByText('shipped', { exact: true })).toHaveClass(/bg-blue/)
    await paidCard.getByRole('button', { name: 'Mark as Completed' }).click()
    await expect(toast('Order marked as completed')).toBeVisible()
    await expect(paidCard.getByText('completed', { exact: true })).toHaveClass(/bg-purple/)
    await expect(paidCard.getByRole('button', { name: /Mark as/ })).toHaveCount(0)

    // Export CSV opens in a new tab, which downloads the file.
    let popup: Page | null = null
    // Chromium reports the download on the new tab or on the opener, depending on timing.
    const downloaded = new Promise<Download>((resolve, reject) => {
      page.once('download', resolve)
      page.context().once('page', (opened) => {
        popup = opened
        opened.once('download', resolve)
      })
      setTimeout(() => reject(new Error('No CSV download within 15 s')), 15_000)
    })
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloaded
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
    const rows = parse(await readDownload(download), { bom: true, columns: true }) as Record<string, string>[]
    const paidRows = rows.filter((r) => r['Order ID'] === paid)
    expect(paidRows.map((r) => [r.Product, r['Option Value'], r.Quantity, r['Unit Price'], r.Total, r.Status])).toEqual(
      [
        ['Tour Shirt', 'M', '2', '27.00', '84.00', 'completed'],
        ['Tour Shirt', '', '1', '25.00', '84.00', 'completed'],
      ],
    )
    expect(rows.filter((r) => r['Order ID'] === pending)).toHaveLength(1)
    await (popup as Page | null)?.close()

    await pendingCard.getByRole('button', { name: `Delete order #${pending.slice(0, 8)}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast('Order deleted successfully')).toBeVisible()
    await expect(pendingCard).toHaveCount(0)
    expect((await site.sql(`SELECT count(*)::int AS n FROM orders`)).rows[0].n).toBe(1)
  })

  test('subscribers with count, CSV export parsed back, delete confirmation and the notification summary', async () => {
    await site.sql(
      `INSERT INTO subscribers (email, is_active, created_at) VALUES ('first@fans.test', true, '2030-01-02T10:00:00Z'), ('second@fans.test', false, '2030-02-03T10:00:00Z')`,
    )
    await page.reload()
    await openTab(page, 'Subscribers')
    await expect(page.getByText('Total Subscribers: 2')).toBeVisible()
    const list = page.getByRole('list', { name: 'Subscribers' })
    await expect(list.getByRole('listitem').filter({ hasText: 'first@fans.test' })).toContainText('Active')
    await expect(list.getByRole('listitem').filter({ hasText: 'second@fans.test' })).toContainText('Inactive')
    await expect(list.getByRole('listitem').filter({ hasText: 'first@fans.test' })).toContainText(
      'Subscribed Jan 2, 2030',
    )
    await expect(page.getByRole('list', { name: 'Notification emails' }).getByRole('listitem')).toHaveText([
      'alerts@band.test',
      'tour@band.test',
    ])

    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export CSV' }).click()
    const download = await downloadPromise
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
    const rows = parse(await readDownload(download), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.map((r) => [r.Email, r.Active]).sort()).toEqual([
      ['first@fans.test', 'yes'],
      ['second@fans.test', 'no'],
    ])

    await list.getByRole('button', { name: 'Delete second@fans.test' }).click()
    await expect(page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete the subscriber second@fans.test? This action cannot be undone.',
    )
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast('Subscriber deleted successfully')).toBeVisible()
    await expect(page.getByText('Total Subscribers: 1')).toBeVisible()
  })
})

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

test.describe('Roles', () => {
  test("a viewer's dashboard is read-only, and the server refuses their writes", async () => {
    const v = viewerPage
    await v.reload()
    await expect(v.getByRole('heading', { level: 1, name: 'Band Profile' })).toBeVisible()
    await expect(v.getByRole('heading', { name: 'The Night Owls', exact: true })).toBeVisible()
    await expect(v.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)
    await openTab(v, 'Links')
    await expect(v.getByRole('heading', { name: 'Spotify', exact: true })).toBeVisible()
    await expect(v.getByRole('button', { name: /Add Link|Edit |Delete / })).toHaveCount(0)
    await openTab(v, 'Products')
    await expect(v.getByRole('heading', { name: 'Tour Shirt', exact: true })).toBeVisible()
    await expect(v.getByRole('button', { name: /Add Product|Edit |Duplicate |Delete / })).toHaveCount(0)
    await openTab(v, 'Orders')
    await expect(v.getByText('Jamie Fan', { exact: true })).toBeVisible()
    await expect(v.getByRole('button', { name: /Export CSV|Delete |Mark as/ })).toHaveCount(0)
    await openTab(v, 'Shows')
    await expect(v.getByRole('heading', { name: 'Spring Tour Opener', exact: true })).toBeVisible()
    await expect(v.getByRole('button', { name: /Add Show|Edit |Delete / })).toHaveCount(0)
    await openTab(v, 'Users')
    await expect(v.getByText('Only owners and managers can see the team list.')).toBeVisible()
    await expect(v.getByText('Role Permissions')).toBeVisible()
    await expect(v.getByRole('button', { name: 'Invite User' })).toHaveCount(0)
    await openTab(v, 'Subscribers')
    await expect(v.getByText('Only owners and managers can see the subscriber list.')).toBeVisible()
    await expect(v.getByRole('link', { name: 'Export CSV' })).toHaveCount(0)
    await openTab(v, 'Theme')
    await expect(v.getByLabel('Primary Color')).toBeDisabled()
    await expect(v.getByRole('button', { name: /Save Theme|Reset|Choose background image/ })).toHaveCount(0)
    await expectAccessible(v, 'viewer Theme')

    const refused = await v.request.post(`${site.url}/api/admin/links`, {
      data: { title: 'Sneaky', url: 'https://example.com' },
      headers: { Origin: site.url },
    })
    expect(refused.status()).toBe(403)
  })

  test('the owner changes a role and deactivates a user, whose open dashboard then signs out', async () => {
    await page.reload()
    await openTab(page, 'Users')
    const users = page.getByRole('list', { name: 'Users' })
    const viewerRow = users.getByRole('listitem').filter({ hasText: VIEWER.email })
    await viewerRow.getByRole('combobox').click()
    await expect(page.getByRole('option')).toHaveText(['Owner', 'Manager', 'Viewer'])
    await page.getByRole('option', { name: 'Manager' }).click()
    await expect(toast('User role updated successfully')).toBeVisible()
    await expect(viewerRow.getByRole('combobox')).toHaveText('Manager')
    expect((await site.sql(`SELECT role FROM users WHERE email = $1`, [VIEWER.email])).rows[0].role).toBe('manager')

    // The manager's dashboard is open (Theme tab) while the owner deactivates them.
    const managerRow = users.getByRole('listitem').filter({ hasText: MANAGER.email })
    await managerRow.getByRole('switch').click()
    await expect(toast('User status updated successfully')).toBeVisible()
    await expect(managerRow.getByRole('switch')).not.toBeChecked()
    expect((await site.sql(`SELECT is_active FROM users WHERE email = $1`, [MANAGER.email])).rows[0].is_active).toBe(
      false,
    )

    // Their next read finds the session gone: the Unauthorized toast, then /api/login after 500 ms.
    await recordToasts(managerPage)
    await openTab(managerPage, 'Orders').catch(() => undefined)
    await expect(managerPage).toHaveURL(/\/login\?next=/)
    expect(await recordedToasts(managerPage)).toContain('UnauthorizedYou are logged out. Logging in again...')
  })

  test('a write after the session ended elsewhere also gives the Unauthorized toast and the redirect', async () => {
    // The viewer-turned-manager signs out in another tab, then saves from the open dashboard.
    const v = viewerPage
    await v.reload()
    await openTab(v, 'Links')
    await v.getByRole('button', { name: 'Add Link' }).click()
    await v.getByRole('dialog').getByLabel('Title').fill('Late link')
    await v.getByRole('dialog').getByLabel('URL').fill('https://example.com/late')
    const other = await v.context().newPage()
    await other.goto(`${site.url}/api/logout`)
    await other.close()
    await recordToasts(v)
    await v.getByRole('dialog').getByRole('button', { name: 'Create Link' }).click()
    await expect(v).toHaveURL(/\/login\?next=/)
    expect(await recordedToasts(v)).toContain('UnauthorizedYou are logged out. Logging in again...')
    expect((await site.sql(`SELECT count(*)::int AS n FROM links WHERE title = 'Late link'`)).rows[0].n).toBe(0)
  })
})

test.describe('Layout, accessibility and bundles', () => {
  test('on a phone a row of buttons replaces the sidebar, without Users and Subscribers', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const phone = await context.newPage()
    await signIn(phone, site, OWNER.email, OWNER.password)
    await expect(phone.getByRole('heading', { level: 1, name: 'Manage Links' })).toBeVisible()
    await expect(phone.getByRole('navigation', { name: 'Dashboard', exact: true })).toBeHidden()
    const row = phone.getByRole('navigation', { name: 'Dashboard sections' })
    await expect(row.getByRole('button')).toHaveText(['Band Profile', 'Links', 'Products', 'Orders', 'Shows', 'Theme'])
    await row.getByRole('button', { name: 'Shows' }).click()
    await expect(phone.getByRole('heading', { level: 1, name: 'Upcoming Shows' })).toBeVisible()
    await expectAccessible(phone, 'mobile Shows')
    await context.close()
  })

  test('every filled tab has no serious or critical accessibility violation', async () => {
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

  test("the public page loads none of the dashboard's code", async () => {
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
