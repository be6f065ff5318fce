import { expect, ownerClient, test, waitForHydration } from './fixtures'

type Doc = { id: string }

test.describe('content edge cases', () => {
  test('empty states: no links, no featured products, and no Upcoming Shows card without shows', async ({
    page,
    baseURL,
  }) => {
    const owner = await ownerClient(baseURL!)
    const list = async (path: string) => ((await (await owner.get(`/api/cms/${path}`)).json()) as { docs: Doc[] }).docs
    const patch = async (path: string, data: object) => {
      const res = await owner.patch(`/api/cms/${path}`, data)
      expect(res.status, await res.clone().text()).toBe(200)
    }
    const links = await list('links?where[isActive][equals]=true&limit=100&depth=0')
    const products = await list('products?where[isFeatured][equals]=true&limit=100&depth=0')
    const shows = await list('shows?where[isActive][equals]=true&limit=100&depth=0')
    expect(links.length).toBeGreaterThan(0)
    try {
      for (const l of links) await patch(`links/${l.id}`, { isActive: false })
      for (const p of products) await patch(`products/${p.id}`, { isFeatured: false })
      for (const s of shows) await patch(`shows/${s.id}`, { isActive: false })
      await page.goto('/')
      await expect(page.getByText('No links available yet.')).toBeVisible()
      await expect(page.getByText('No featured products available yet.')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Upcoming Shows' })).toHaveCount(0)
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
    } finally {
      for (const l of links) await patch(`links/${l.id}`, { isActive: true })
      for (const p of products) await patch(`products/${p.id}`, { isFeatured: true })
      for (const s of shows) await patch(`shows/${s.id}`, { isActive: true })
    }
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Upcoming Shows' })).toBeVisible()
  })

  test('a link with a custom icon class loads the self-hosted icon font; presets need no font', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/')
    await expect(page.locator('link[href="/vendor/fontawesome/css/all.min.css"]')).toHaveCount(0)

    const owner = await ownerClient(baseURL!)
    const res = await owner.post('/api/cms/links', {
      title: 'Drum Cam',
      url: 'https://example.com/drums',
      icon: 'fa-solid fa-drum',
      order: 99,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const { doc } = (await res.json()) as { doc: Doc }
    try {
      const fontRequests: string[] = []
      page.on(
        'response',
        (r) => r.url().includes('/vendor/fontawesome/') && fontRequests.push(`${r.status()} ${r.url()}`),
      )
      await page.reload()
      await waitForHydration(page)
      const link = page.getByRole('link', { name: /Drum Cam/ })
      await expect(link.locator('i.fa-solid.fa-drum')).toHaveCount(1)
      await expect(page.locator('link[href="/vendor/fontawesome/css/all.min.css"]')).toHaveCount(1)
      await expect
        .poll(() => link.locator('i').evaluate((el) => getComputedStyle(el, '::before').content))
        .not.toBe('none')
      expect(fontRequests.every((r) => r.startsWith('200 '))).toBe(true)
      expect(fontRequests.some((r) => r.includes('/css/all.min.css'))).toBe(true)
    } finally {
      await owner.del(`/api/cms/links/${doc.id}`)
    }
  })
})
