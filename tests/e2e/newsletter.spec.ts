import { expect, test, type Page } from '@playwright/test'

import { startMailbox, type Mailbox } from '../helpers/smtp'

import { OWNER, openTab, signIn, startSite, type Site } from './support'

/**
 * The team writes a campaign in the Subscribers tab, previews it, sends itself a test, sends it
 * and watches the progress reach "sent", against the production server and a real SMTP server.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let site: Site
let mailbox: Mailbox
let page: Page

test.beforeAll(async ({ browser }, testInfo) => {
  // Starting a site of its own can take longer than a test's default on a busy machine.
  testInfo.setTimeout(120_000)
  mailbox = await startMailbox()
  site = await startSite({ SMTP_URL: mailbox.url, NEWSLETTER_RATE: 'off', MAIL_FROM: 'news@band.test' })
  await site.sql(
    `INSERT INTO subscribers (email, status, is_active, source, confirmed_at)
      SELECT 'reader' || i || '@fans.test', 'confirmed', true, 'form', now() FROM generate_series(1, 5) i`,
  )
  await site.sql(
    `INSERT INTO subscribers (email, status, is_active, source) VALUES ('waiting@fans.test', 'pending', false, 'form')`,
  )
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await signIn(page, site, OWNER.email, OWNER.password)
})

test.afterAll(async () => {
  await page?.context().close()
  await site?.stop()
  await mailbox?.close()
})

test('write, preview, test, send, and watch it reach "sent"', async () => {
  await openTab(page, 'Subscribers')
  await expect(page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem')).toHaveCount(6)
  await expect(page.getByRole('listitem').filter({ hasText: 'waiting@fans.test' })).toContainText('Pending')
  // The count names the confirmed fans only: the one waiting to confirm is listed, not counted.
  await expect(page.getByText('Total Subscribers: 5', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'New campaign' }).click()
  const editor = page.getByRole('form', { name: 'Campaign editor' })
  await editor.getByLabel('Subject').fill('Winter tour')
  await editor.getByLabel('Message (Markdown)').fill('# Winter tour\n\nWe play **Portland** on Dec 6.')
  const preview = page.frameLocator('iframe[title="Preview"]')
  await expect(preview.locator('h1')).toHaveText('Winter tour')
  await expect(preview.locator('strong')).toHaveText('Portland')
  await editor.getByRole('button', { name: 'Save draft' }).click()

  const campaigns = page.getByRole('list', { name: 'Campaigns' })
  const item = campaigns.getByRole('listitem').filter({ hasText: 'Winter tour' })
  await expect(item).toContainText('draft')
  await item.getByRole('button', { name: 'Send me a test' }).click()
  const test = await mailbox.waitFor((m) => m.subject === '[Test] Winter tour')
  expect(test.html).toContain('<strong>Portland</strong>')

  // Send now asks first, naming how many confirmed fans will get it; Cancel sends nothing.
  await item.getByRole('button', { name: 'Send now' }).click()
  let confirm = page.getByRole('alertdialog', { name: 'Send this campaign now?' })
  await expect(confirm).toContainText('“Winter tour” goes to 5 confirmed subscribers now.')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(item).toContainText('draft')
  await item.getByRole('button', { name: 'Send now' }).click()
  confirm = page.getByRole('alertdialog', { name: 'Send this campaign now?' })
  await confirm.getByRole('button', { name: 'Send to 5 subscribers' }).click()
  await expect(item.getByLabel('Progress')).toHaveText(/Sent 5 of 5, failed 0/, { timeout: 60_000 })
  await expect(item).toContainText('sent', { timeout: 30_000 })
  await expect
    .poll(() => mailbox.messages.filter((m) => m.subject === 'Winter tour').length, { timeout: 30_000 })
    .toBe(5)
})

test('a scheduled send asks first too, naming how many confirmed fans will get it', async () => {
  await openTab(page, 'Subscribers')
  await page.getByRole('button', { name: 'New campaign' }).click()
  const editor = page.getByRole('form', { name: 'Campaign editor' })
  await editor.getByLabel('Subject').fill('Spring news')
  await editor.getByLabel('Message (Markdown)').fill('New songs soon.')
  await editor.getByRole('button', { name: 'Save draft' }).click()
  const item = page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem').filter({ hasText: 'Spring news' })
  await expect(item).toContainText('draft')
  await item.getByLabel('Send at').fill('2031-03-01T10:00')
  await item.getByRole('button', { name: 'Schedule' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Schedule this campaign?' })
  await expect(confirm).toContainText('“Spring news” goes out on')
  await expect(confirm).toContainText('5 confirmed subscribers would get it today')
  await confirm.getByRole('button', { name: 'Schedule' }).click()
  await expect(item).toContainText('scheduled')
  await item.getByRole('button', { name: 'Cancel sending' }).click()
  await expect(item).toContainText('cancelled')
})

test('drafts made by show changes appear without a reload; cancelling or deleting a show withdraws its "New show" draft', async () => {
  const campaigns = page.getByRole('list', { name: 'Campaigns' })
  const shows = page.getByRole('list', { name: 'Shows' })
  const dialog = page.getByRole('dialog')
  for (const title of ['Harbor Night', 'Garage Matinee']) {
    await openTab(page, 'Shows')
    await page.getByRole('button', { name: 'Add Show' }).click()
    await dialog.getByLabel('Show Title *').fill(title)
    await dialog.getByLabel('Venue *').fill('The Crystal Ballroom')
    await dialog.getByLabel('Date *').fill('2031-05-14')
    await dialog.getByRole('button', { name: 'Create Show' }).click()
    await expect(shows.getByRole('listitem').filter({ hasText: title })).toBeVisible()
    await openTab(page, 'Subscribers')
    await expect(campaigns.getByRole('listitem').filter({ hasText: `New show: ${title}` })).toContainText('draft')
  }

  await openTab(page, 'Shows')
  await shows.getByRole('button', { name: 'Edit Harbor Night' }).click()
  await dialog.getByLabel('Status').selectOption({ label: 'Cancelled' })
  await dialog.getByRole('button', { name: 'Update Show' }).click()
  await expect(shows.getByRole('listitem').filter({ hasText: 'Harbor Night' })).toContainText('Cancelled')
  await openTab(page, 'Subscribers')
  await expect(campaigns.getByRole('listitem').filter({ hasText: 'Cancelled: Harbor Night' })).toContainText('draft')
  await expect(campaigns.getByRole('listitem').filter({ hasText: 'New show: Harbor Night' })).toHaveCount(0)

  await openTab(page, 'Shows')
  await shows.getByRole('button', { name: 'Delete Garage Matinee' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(shows.getByRole('listitem').filter({ hasText: 'Garage Matinee' })).toHaveCount(0)
  await openTab(page, 'Subscribers')
  await expect(campaigns.getByRole('listitem').filter({ hasText: 'Cancelled: Harbor Night' })).toBeVisible()
  await expect(campaigns.getByRole('listitem').filter({ hasText: 'New show: Garage Matinee' })).toHaveCount(0)
})
