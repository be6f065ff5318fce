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

test.beforeAll(async ({ browser }) => {
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
})

test.afterAll(async () => {
  await page?.context().close()
  await site?.stop()
  await mailbox?.close()
})

test('write, preview, test, send, and watch it reach "sent"', async () => {
  await signIn(page, site, OWNER.email, OWNER.password)
  await openTab(page, 'Subscribers')
  await expect(page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem')).toHaveCount(6)
  await expect(page.getByRole('listitem').filter({ hasText: 'waiting@fans.test' })).toContainText('Pending')

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

  await item.getByRole('button', { name: 'Send now' }).click()
  await expect(item.getByLabel('Progress')).toHaveText(/Sent 5 of 5, failed 0/, { timeout: 60_000 })
  await expect(item).toContainText('sent', { timeout: 30_000 })
  await expect
    .poll(() => mailbox.messages.filter((m) => m.subject === 'Winter tour').length, { timeout: 30_000 })
    .toBe(5)
})
