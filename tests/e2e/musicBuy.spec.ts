import fs from 'node:fs'

import { expect, test } from '@playwright/test'

import { Client } from '../helpers/http'
import { recipients, startMailbox, type Mailbox } from '../helpers/smtp'

import { waitForHydration } from './fixtures'
import { addTrack, createRelease, NAME_YOUR_PRICE } from './music'
import { OWNER, startSite, type Site } from './support'

/**
 * A fan plays a preview of a name-your-price release, names an amount above the minimum, buys it
 * with the test payment provider (no address asked, no phone given, the download consent ticked),
 * gets the download link by email and downloads the release as a zip.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const CONSENT =
  'Deliver my download now: I understand that I lose my 14-day right of withdrawal once the download starts'
const FAN = 'buyer.of.music@example.org'

let site: Site
let mailbox: Mailbox
let slug: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  mailbox = await startMailbox()
  site = await startSite({ PAYMENT_PROVIDER: 'test', SMTP_URL: mailbox.url, MAIL_FROM: 'shop@band.test' })
  const owner = new Client(site.url)
  expect((await owner.post('/api/auth/login', OWNER)).status).toBe(200)
  const created = await createRelease(owner, {
    title: 'Night Drive',
    releaseDate: '2026-01-14',
    pricing: NAME_YOUR_PRICE,
  })
  slug = created.slug
  // 40 seconds, so its preview is a 30-second cut.
  await addTrack(owner, created.id, 'Opening Lights', 40, 'preview')
})

test.afterAll(async () => {
  await site?.stop()
  await mailbox?.close()
})

test('a fan plays a preview, buys with name-your-price and downloads', async ({ page }) => {
  await page.goto(`${site.url}/music/${slug}`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Play Opening Lights' }).click()
  await expect(page.getByTestId('now-playing')).toHaveText('Track 1: Opening Lights (preview)')

  const amount = page.getByLabel('Your price (USD)')
  await amount.fill('4.00')
  await page.getByRole('button', { name: 'Buy' }).click()
  await expect(page.getByText('The minimum price is $5.00')).toBeVisible()
  await amount.fill('12.00')
  await page.getByRole('button', { name: 'Buy' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Night Drive is in your cart at $12.00.' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to checkout' }).click()

  await expect(page).toHaveURL(`${site.url}/checkout`)
  await expect(page.getByTestId('summary-total')).toHaveText('$12.00')
  await expect(page.getByTestId('summary-shipping')).toHaveCount(0)
  await expect(page.getByLabel('Street Address')).toHaveCount(0)
  await page.getByLabel('Full Name', { exact: true }).fill('Robin Listener')
  await page.getByLabel('Email', { exact: true }).fill(FAN)
  // Nothing ships: the phone may be left empty.
  await expect(page.getByLabel('Phone Number (optional)', { exact: true })).toHaveValue('')
  const consent = page.getByRole('checkbox', { name: CONSENT })
  await expect(consent).not.toBeChecked()
  await page.getByRole('button', { name: 'Create Order & Proceed to Payment' }).click()
  await expect(page.getByText('Tick the box to receive your download.')).toBeVisible()
  await consent.check()
  await page.getByRole('button', { name: 'Create Order & Proceed to Payment' }).click()

  await page.getByRole('region', { name: 'Test payment' }).getByRole('button', { name: 'Pay (test)' }).click()
  await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()

  const mail = await mailbox.waitFor((m) => recipients(m).includes(FAN) && !!m.subject?.startsWith('Your order #'))
  const text = mail.text ?? ''
  expect(text).toContain('waived your 14-day right of withdrawal')
  const link = /Your downloads: (https?:\/\/\S+\/downloads\/[\w-]+)/.exec(text)?.[1]
  expect(link).toBeTruthy()

  // The zip is built on its first request: wait for it, then download it from the link's page.
  const token = link!.split('/downloads/')[1]!
  const listed = await new Client(site.url).json('GET', `/api/downloads/${token}`)
  const zipUrl = (listed.body.releases[0].formats as { format: string; url: string }[]).find(
    (f) => f.format === 'mp3-320',
  )!.url
  await expect
    .poll(async () => (await fetch(`${site.url}${zipUrl}`, { headers: { Range: 'bytes=1-1' } })).status, {
      timeout: 60_000,
    })
    .toBe(206)
  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Your downloads' })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download Night Drive as MP3 320' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.zip$/)
  const bytes = fs.readFileSync((await download.path())!)
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
})
