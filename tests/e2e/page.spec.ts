import {
  DEMO_SHOWS,
  expect,
  ownClient,
  ownerClient,
  POSTER,
  productCard,
  test,
  toastWith,
  VINYL,
  waitForHydration,
} from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
})

test.describe('top bar and profile', () => {
  test('shows the band name, the links (new tab, noopener) and their icons', async ({ page }) => {
    await expect(page.getByRole('banner')).toContainText('The Midnight Static')
    await expect(page.getByText('Indie Rock • Portland, OR')).toBeVisible()
    const links = page.getByRole('list', { name: 'Links' }).getByRole('link')
    await expect(links).toHaveCount(7)
    const spotify = links.filter({ hasText: 'Listen on Spotify' })
    await expect(spotify).toHaveAttribute('href', 'https://open.spotify.com/')
    await expect(spotify).toHaveAttribute('target', '_blank')
    await expect(spotify).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(spotify.locator('svg')).toHaveCount(1)
  })

  test('the admin-login modal explains itself and its Sign In button navigates to /api/login', async ({ page }) => {
    await page.getByRole('button', { name: 'Admin login' }).click()
    const dialog = page.getByRole('dialog', { name: 'Admin Login' })
    await expect(dialog).toContainText('Click below to sign in with your admin account.')
    const loginRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login')
    await dialog.getByRole('link', { name: 'Sign In' }).click()
    await loginRequest
    // /api/login sends the browser on to the sign-in page.
    await expect(page).toHaveURL(/\/login\?next=(%2F|\/)admin$/)
  })

  test('the admin-login modal closes on Escape and returns focus', async ({ page }) => {
    const trigger = page.getByRole('button', { name: 'Admin login' })
    await trigger.click()
    await expect(page.getByRole('dialog', { name: 'Admin Login' })).toBeVisible()
    // Focus stays inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(trigger).toBeFocused()
  })
})

test.describe('bio', () => {
  test("is collapsed to 120 characters + '...' and toggles with 'Read more...' / 'Read less'", async ({
    page,
    request,
  }) => {
    const profile = await (await request.get('/api/band-profile')).json()
    const bio = page.locator('#bio-text')
    await expect(bio).toHaveText(`${profile.bio.slice(0, 120)}...`)
    await page.getByRole('button', { name: 'Read more...' }).click()
    await expect(bio).toHaveText(profile.bio)
    await page.getByRole('button', { name: 'Read less' }).click()
    await expect(bio).toHaveText(`${profile.bio.slice(0, 120)}...`)
  })
})

test.describe('upcoming shows', () => {
  test('a click toggles between Month Day and the date with weekday and year (en-US)', async ({ page, request }) => {
    const shows = (await (await request.get('/api/shows')).json()) as { title: string; date: string }[]
    // The demo band's upcoming shows are listed in date order (other tests add shows of their own).
    expect(shows.map((s) => s.title).filter((title) => DEMO_SHOWS.includes(title))).toEqual(DEMO_SHOWS)
    const first = shows.find((s) => s.title === DEMO_SHOWS[0])!
    const date = new Date(first.date)
    const compact = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    const expanded = date.toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(compact).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/)
    expect(expanded).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/)

    const entry = page.getByRole('button', { name: new RegExp(first.title) })
    await expect(entry.getByTestId('show-date')).toHaveText(compact)
    await expect(entry).toHaveAttribute('aria-expanded', 'false')
    await entry.click()
    await expect(entry.getByTestId('show-date')).toHaveText(expanded)
    await expect(page.getByRole('link', { name: new RegExp(`Get tickets for ${first.title}`) })).toHaveAttribute(
      'href',
      'https://tickets.example.com/',
    )
    await entry.click()
    await expect(entry.getByTestId('show-date')).toHaveText(compact)
    // The past show is not listed.
    await expect(page.getByText('Hometown Warm-up')).toHaveCount(0)
  })
})

/** The sign-up form on a phone, the browser's own check of the address, and the server's rate limit. */
function newsletterFormTests() {
  test('on a phone the email field is as tall as its Subscribe button', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      ...ownClient(),
    })
    try {
      const phone = await context.newPage()
      await phone.goto('/')
      const input = phone.getByRole('textbox', { name: 'Email address' })
      const button = phone.getByRole('button', { name: 'Subscribe' })
      const [field, submit] = await Promise.all([input.boundingBox(), button.boundingBox()])
      expect(Math.round(field!.height)).toBe(Math.round(submit!.height))
      expect(Math.round(field!.height)).toBeGreaterThanOrEqual(40)
    } finally {
      await context.close()
    }
  })

  test('the browser refuses an invalid address before sending it', async ({ page }) => {
    let sent = false
    page.on('request', (r) => r.url().endsWith('/api/newsletter/subscribe') && (sent = true))
    const input = page.getByRole('textbox', { name: 'Email address' })
    await input.fill('not-an-email')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false)
    expect(sent).toBe(false)
  })

  test("a refused sign-up (rate limit) shows the server's message in the destructive Error toast and keeps the input", async ({
    browser,
    baseURL,
  }) => {
    // A client address of its own, so the limit (10 per 10 minutes) is reached only here.
    const context = await browser.newContext({ baseURL, ...ownClient() })
    const stamp = Date.now().toString(36)
    try {
      for (let i = 0; i < 10; i++) {
        const res = await context.request.post('/api/newsletter/subscribe', {
          data: { email: `limit-${stamp}-${i}@example.com` },
        })
        expect(res.status()).toBe(200)
      }
      const page = await context.newPage()
      await page.goto('/')
      await waitForHydration(page)
      const input = page.getByRole('textbox', { name: 'Email address' })
      await input.fill('one-too-many@example.com')
      const answer = page.waitForResponse('**/api/newsletter/subscribe')
      await page.getByRole('button', { name: 'Subscribe' }).click()
      const refused = await answer
      expect(refused.status()).toBe(429)
      const { message } = (await refused.json()) as { message: string }
      const toast = toastWith(page, 'Error')
      await expect(toast).toContainText(message)
      await expect(toast).not.toContainText('Failed to subscribe')
      await expect(toast).toHaveClass(/bg-destructive/)
      await expect(input).toHaveValue('one-too-many@example.com')
    } finally {
      await context.close()
    }
  })
}

test.describe('newsletter', () => {
  test("signing up shows 'Subscribed!', asks the fan to confirm, and clears the input", async ({ page }) => {
    const input = page.getByRole('textbox', { name: 'Email address' })
    await input.fill(`fan-${Date.now()}@example.com`)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    const toast = toastWith(page, 'Subscribed!')
    await expect(toast).toContainText(
      'Thank you for subscribing to our newsletter. Check your inbox to confirm your subscription.',
    )
    await expect(input).toHaveValue('')
  })

  test('an address the browser takes but the server refuses (a@b) shows the server’s message', async ({ page }) => {
    const input = page.getByRole('textbox', { name: 'Email address' })
    await input.fill('a@b')
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true)
    const answer = page.waitForResponse('**/api/newsletter/subscribe')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    expect((await answer).status()).toBe(400)
    const toast = toastWith(page, 'Error')
    await expect(toast).toContainText('Please enter a valid email address')
    await expect(toast).not.toContainText('Failed to subscribe')
    await expect(input).toHaveValue('a@b')
  })

  test("without an answer from the server (network down) the toast keeps the spec's text", async ({ page }) => {
    await page.route('**/api/newsletter/subscribe', (route) => route.abort('internetdisconnected'))
    await page.getByRole('textbox', { name: 'Email address' }).fill('offline@example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    const toast = toastWith(page, 'Error')
    await expect(toast).toContainText('Failed to subscribe. Please try again.')
  })

  newsletterFormTests()
})

test.describe('featured merch images', () => {
  test('a product image opens the enlarged-image dialog; a broken image shows a placeholder', async ({
    page,
    baseURL,
  }) => {
    const owner = await ownerClient(baseURL!)
    const products = (await (await owner.get('/api/products?featured=true')).json()) as { id: string; name: string }[]
    const poster = products.find((p) => p.name === POSTER)!
    const vinyl = products.find((p) => p.name === VINYL)!
    const setImage = async (id: string, imageUrl: string | null) => {
      const res = await owner.patch(`/api/cms/products/${id}`, { imageUrl })
      expect(res.status, `PATCH ${id}: ${await res.text()}`).toBe(200)
    }
    // File serving under /objects/ belongs to the uploads feature; here the resized image the
    // browser asks the optimiser for is answered with a real PNG.
    const sharp = (await import('sharp')).default
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8b5cf6' } })
      .png()
      .toBuffer()
    await page.route('**/_next/image?url=%2Fobjects%2Fe2e%2Fposter.png*', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: png }),
    )
    await setImage(poster.id, '/objects/e2e/poster.png')
    await setImage(vinyl.id, 'e2e/missing.png')
    try {
      await page.reload()
      await waitForHydration(page)
      // The missing image falls back to the placeholder: nothing to enlarge. Images load lazily,
      // so the card is brought into view first, as a fan scrolling to it would.
      await productCard(page, VINYL).scrollIntoViewIfNeeded()
      await expect(productCard(page, VINYL).getByRole('button', { name: /Enlarge image/ })).toHaveCount(0)
      await expect(productCard(page, VINYL).locator('img')).toHaveCount(0)

      const card = productCard(page, POSTER)
      const img = card.getByRole('img', { name: POSTER })
      await expect(img).toHaveAttribute('loading', 'lazy')
      await expect(img).toHaveAttribute('srcset', /_next\/image\?url=%2Fobjects%2Fe2e%2Fposter\.png&w=\d+/)
      const trigger = card.getByRole('button', { name: `Enlarge image of ${POSTER}` })
      await trigger.click()
      const dialog = page.getByRole('dialog', { name: POSTER })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('img', { name: POSTER })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(trigger).toBeFocused()
    } finally {
      await setImage(poster.id, null)
      await setImage(vinyl.id, null)
    }
  })
})
