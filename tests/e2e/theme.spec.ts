import { THEME_DEFAULTS } from '../../src/modules/site/contract/themeValues'

import { expect, ownerClient, test, waitForHydration } from './fixtures'

const { notificationEmail: _private, ...visualDefaults } = THEME_DEFAULTS

test.describe('theme', () => {
  test('a theme saved in the database shows on the next page load', async ({ page, baseURL }) => {
    const owner = await ownerClient(baseURL!)
    const save = async (data: object) => {
      const res = await owner.post('/api/cms/globals/theme-settings', data)
      expect(res.status, await res.clone().text()).toBe(200)
    }
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    try {
      await page.goto('/')
      const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      expect(before).toBe('rgb(15, 12, 34)') // hsl(247,47%,9%)

      await save({
        backgroundColor: '#ffffff',
        foregroundColor: '#0f172a',
        primaryColor: '#be123c',
        cardColor: '#f1f5f9',
        fontFamily: 'Georgia',
        headerFontFamily: 'Oswald',
        borderRadius: '0',
        cardOpacity: 0.5,
        backgroundImage: '/objects/e2e/background.png',
        backgroundStyle: 'repeat',
        customCss:
          'h1 { letter-spacing: 7px; } @import url("https://evil.example/x.css"); ' +
          '.x { background: url(https://evil.example/a.png) } </style><script>window.__pwned = 1</script>',
      })
      await page.reload()
      await waitForHydration(page)

      const style = await page.evaluate(() => {
        const body = getComputedStyle(document.body)
        const h1 = getComputedStyle(document.querySelector('h1')!)
        const card = getComputedStyle(document.querySelector('#merch')!)
        const button = getComputedStyle(document.querySelector('[data-testid="product-card"] button:last-of-type')!)
        return {
          background: body.backgroundColor,
          color: body.color,
          bodyFont: body.fontFamily,
          headingFont: h1.fontFamily,
          letterSpacing: h1.letterSpacing,
          cardRadius: card.borderTopLeftRadius,
          cardBackground: card.backgroundColor,
          buttonBackground: button.backgroundColor,
          backgroundImage: body.backgroundImage,
          backgroundRepeat: body.backgroundRepeat,
          backgroundAttachment: body.backgroundAttachment,
          pwned: (window as unknown as { __pwned?: number }).__pwned,
          customCss: document.getElementById('theme-custom-css')?.textContent ?? '',
        }
      })
      expect(style.background).toBe('rgb(255, 255, 255)')
      expect(style.color).toBe('rgb(15, 23, 42)')
      expect(style.bodyFont).toMatch(/^Georgia/)
      expect(style.headingFont).toContain('Impact')
      expect(style.cardRadius).toBe('0px')
      expect(style.cardBackground).toMatch(/^(rgba\(|color\(srgb ).*0\.5\)$/)
      expect(style.buttonBackground).toBe('rgb(190, 18, 60)')
      expect(style.backgroundImage).toBe(`url("${baseURL}/objects/e2e/background.png")`)
      expect(style.backgroundRepeat).toBe('repeat')
      expect(style.backgroundAttachment).toBe('fixed')
      // Custom CSS applies, but only after sanitising: nothing leaves the <style>, nothing remote loads.
      expect(style.letterSpacing).toBe('7px')
      expect(style.pwned).toBeUndefined()
      expect(style.customCss).not.toContain('<')
      expect(style.customCss).not.toContain('@import')
      expect(style.customCss).not.toContain('evil.example')
      expect(requests.filter((url) => url.includes('evil.example'))).toEqual([])
      expect(requests.some((url) => url.includes('fonts.googleapis') || url.includes('fonts.gstatic'))).toBe(false)
    } finally {
      await save({ ...visualDefaults, backgroundImage: null, customCss: null })
    }
    await page.reload()
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 12, 34)')
  })
})
