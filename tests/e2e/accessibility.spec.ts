import { addToCart, expect, openCart, seriousViolations, TEE, test, VINYL, waitForHydration } from './fixtures'

test.describe('accessibility (axe-core: no serious or critical violation)', () => {
  test('the public page', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the public page with the cart open', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await addToCart(page, TEE, 'XL')
    await addToCart(page, VINYL)
    await openCart(page)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the admin-login modal and an expanded show', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: /Neon Lullabies Release Show/ }).click()
    await page.getByRole('button', { name: 'Read more...' }).click()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Admin login' }).click()
    await expect(page.getByRole('dialog', { name: 'Admin Login' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the 404 page and the success page', async ({ page }) => {
    await page.goto('/no-such-page')
    // Under load the 404's document can still be settling when the load event fires; its final
    // state must name its language, and axe checks that state.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/success')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('keyboard focus is visible', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.keyboard.press('Tab')
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const style = getComputedStyle(el)
      return { tag: el.tagName, outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow }
    })
    expect(ring.tag).toBe('A')
    expect(ring.outline !== 'none' && ring.width !== '0px').toBe(true)
    // Buttons draw a ring instead of the outline.
    await page.getByRole('button', { name: /^Cart/ }).focus()
    await page.keyboard.press('Tab')
    const buttonRing = await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow)
    expect(buttonRing).not.toBe('none')
  })
})
