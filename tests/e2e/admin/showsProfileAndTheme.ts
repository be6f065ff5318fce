import { expect } from '@playwright/test'

import { openTab, pngFile } from '../support'

import { dialog, test, toast } from './dashboard'

/** The Shows tab. */
export function showsTab() {
  test.describe('Shows tab', () => {
    test('a show keeps the chosen date as noon UTC, and is edited and deleted', async ({ page, site }) => {
      await openTab(page, 'Shows')
      for (const [title, date] of [
        ['Spring Tour Opener', '2031-05-14'],
        ['Cancelled Gig', '2031-06-01'],
      ]) {
        await page.getByRole('button', { name: 'Add Show' }).click()
        await expect(dialog().getByRole('heading', { name: 'Add New Show' })).toBeVisible()
        await expect(dialog().getByLabel('Time', { exact: true })).toHaveAttribute('placeholder', '7:00 PM')
        await dialog().getByLabel('Show Title *').fill(title)
        await dialog().getByLabel('Venue *').fill('The Crystal Ballroom')
        await dialog().getByLabel('Date *').fill(date)
        await dialog().getByLabel('Time', { exact: true }).fill('8:00 PM')
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
}

/** The Band Profile tab. */
export function bandProfileTab() {
  test.describe('Band Profile tab', () => {
    test('editing the profile with an image shows it in the tab and on the public page', async ({ page, site }) => {
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
      await expect(dialog()).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 2, name: 'The Night Owls' })).toBeVisible()
      await expect(page.getByText('Indie Rock • Portland, OR')).toBeVisible()
      await expect(page.getByText('Four friends playing loud songs about quiet towns.')).toBeVisible()
      await expect(page.getByRole('img', { name: 'The Night Owls profile' })).toHaveAttribute(
        'src',
        /^\/objects\/media\//,
      )

      // Remove takes the image off when saved.
      // The dialog opens on the saved profile, image included, before Remove is pressed.
      await page.getByRole('button', { name: 'Edit Profile' }).click()
      await expect(dialog().getByLabel('Band Name')).toHaveValue('The Night Owls')
      await expect(dialog().getByRole('img', { name: 'Current profile image' })).toBeVisible()
      await dialog().getByRole('button', { name: 'Remove' }).click()
      await expect(dialog().getByRole('img', { name: 'Current profile image' })).toHaveCount(0)
      await dialog().getByRole('button', { name: 'Cancel' }).click()

      const publicPage = await page.context().newPage()
      await publicPage.goto(site.url)
      await expect(publicPage.getByRole('heading', { name: 'The Night Owls' }).first()).toBeVisible()
      await publicPage.close()
    })
  })
}

/** The Theme tab. */
export function themeTab() {
  test.describe('Theme tab', () => {
    test('a saved theme with a background image shows on the public page', async ({ page, site }) => {
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
}
