import fs from 'node:fs'

import { expect, test } from '@playwright/test'

import { Client } from '../helpers/http'
import { recipients, startMailbox, type Mailbox } from '../helpers/smtp'

import { expectAccessible, startSite, type Site } from './support'

/**
 * A fan asks for their own data with the page's script blocked: the request form, the emailed
 * link, the data page, and the erasure after ticking the box.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let site: Site
let mailbox: Mailbox
const FAN = 'own.request@example.org'

test.beforeAll(async () => {
  test.setTimeout(120_000)
  mailbox = await startMailbox()
  site = await startSite({ SMTP_URL: mailbox.url, MAIL_FROM: 'news@band.test' })
  const fan = new Client(site.url, { forwardedFor: '198.51.100.91' })
  expect((await fan.post('/api/newsletter/subscribe', { email: FAN })).status).toBeLessThan(300)
})

test.afterAll(async () => {
  await site?.stop()
  await mailbox?.close()
})

test('a fan sees and erases their own data through the emailed link, before any script', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: site.url })
  await context.route('**/*.js', (route) => route.abort())
  const page = await context.newPage()

  await page.goto('/privacy')
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'ask for your data' }).click()

  await page.getByLabel('Your email address').fill(FAN)
  await page.getByRole('button', { name: 'Email me a link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()

  const mail = await mailbox.waitFor((m) => recipients(m).includes(FAN) && !!m.subject?.includes('Your personal data'))
  const link = /https?:\/\/\S+(\/privacy\/request\/[\w-]+)/.exec(mail.text ?? '')![1]!
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Your personal data' })).toBeVisible()
  await expect(page.getByText('Newsletter subscription: pending')).toBeVisible()
  await expectAccessible(page, 'A fan’s own data')

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const download = await downloading
  const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { email: string }
  expect(exported.email).toBe(FAN)

  // Erasing asks first: without the box ticked, the browser does not send the form.
  await page.getByRole('button', { name: 'Erase my data' }).click()
  await expect(page.getByRole('heading', { name: 'Your personal data' })).toBeVisible()
  await page.getByLabel('I understand this cannot be undone').check()
  await page.getByRole('button', { name: 'Erase my data' }).click()
  await expect(page.getByRole('heading', { name: 'Your data was erased' })).toBeVisible()

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible()
  await context.close()
})
