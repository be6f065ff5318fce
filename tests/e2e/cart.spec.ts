import type { Page } from '@playwright/test'

import {
  addToCart,
  cartButton,
  expect,
  HOODIE,
  openCart,
  POSTER,
  productCard,
  sizeOption,
  TEE,
  test,
  toastWith,
  VINYL,
} from './fixtures'
import { openShop, proceedToCheckout, reloadShop, savedCart } from './support'

/** Saved carts that are not a cart: cut short, and of another shape with bad values. */
const BAD_CARTS = [
  ['corrupted', '{"state":{"items":[{"id":'],
  [
    'foreign',
    JSON.stringify({ state: { items: [{ id: 'x', productId: 'p', name: 'Hack', price: 'free', quantity: -5 }] } }),
  ],
] as const

/** The errors the page logs to its console from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  return errors
}

test.beforeEach(async ({ page }) => {
  await openShop(page)
})

test.describe('add-to-cart button', () => {
  test("shows 'Select Size First' until a size is chosen, then 'Add to Cart'", async ({ page }) => {
    const tee = productCard(page, TEE)
    const button = tee.getByRole('button', { name: 'Select Size First' })
    await expect(button).toBeDisabled()
    await expect(tee.getByText('+$2.00')).toBeVisible()
    await expect(tee.getByRole('radio')).toHaveCount(4)
    await sizeOption(tee, 'M').click()
    await expect(tee.getByRole('radio', { name: 'M' })).toBeChecked()
    await expect(tee.getByRole('button', { name: 'Add to Cart' })).toBeEnabled()
  })

  test('a product without options can be added at once; a sold-out one cannot', async ({ page }) => {
    await expect(productCard(page, VINYL).getByRole('button', { name: 'Add to Cart' })).toBeEnabled()
    await expect(productCard(page, POSTER).getByRole('button', { name: 'Sold Out' })).toBeDisabled()
  })

  test("adding shows the 'Added to cart' toast naming the product and option", async ({ page }) => {
    await addToCart(page, TEE, 'XL')
    await expect(toastWith(page, 'Added to cart')).toContainText(`${TEE} (XL) has been added to your cart.`)
    await addToCart(page, VINYL)
    await expect(toastWith(page, 'Added to cart')).toContainText(`${VINYL} has been added to your cart.`)
    // One toast at a time.
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toHaveCount(1)
  })
})

test.describe('cart', () => {
  test('the same product and option twice gives one line of quantity 2; the badge counts lines', async ({ page }) => {
    await addToCart(page, TEE, 'M')
    await addToCart(page, TEE, 'M')
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
    const panel = await openCart(page)
    await expect(panel.getByTestId('cart-line')).toHaveCount(1)
    await expect(panel.getByTestId('cart-quantity')).toHaveText('2')
  })

  test('a different option adds a new line priced base plus adjustment, with the totals', async ({ page }) => {
    await addToCart(page, TEE, 'M')
    await addToCart(page, TEE, 'M')
    await addToCart(page, TEE, 'XL')
    await addToCart(page, HOODIE, 'S')
    await expect(page.getByTestId('cart-badge')).toHaveText('3')
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items')
    const panel = await openCart(page)
    const lines = panel.getByTestId('cart-line')
    await expect(lines).toHaveCount(3)
    await expect(lines.nth(0)).toContainText('Size: M')
    await expect(lines.nth(0)).toContainText('$25.00')
    await expect(lines.nth(1)).toContainText('Size: XL')
    await expect(lines.nth(1)).toContainText('$27.00')
    // 2 × 25.00 + 27.00 + 55.00
    await expect(panel.getByTestId('cart-subtotal')).toHaveText('$132.00')
    // The cart knows no country: shipping is priced at checkout.
    await expect(panel.getByTestId('cart-shipping')).toHaveText('By country, at checkout')
  })

  test('lowering a quantity to 0 removes the line; removing the last line empties the cart', async ({ page }) => {
    await addToCart(page, VINYL)
    await addToCart(page, TEE, 'L')
    const panel = await openCart(page)
    await panel.getByRole('button', { name: `Increase quantity of ${VINYL}` }).click()
    await expect(panel.getByTestId('cart-quantity').first()).toHaveText('2')
    await panel.getByRole('button', { name: `Decrease quantity of ${VINYL}` }).click()
    await panel.getByRole('button', { name: `Decrease quantity of ${VINYL}` }).click()
    await expect(panel.getByTestId('cart-line')).toHaveCount(1)
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
    await panel.getByRole('button', { name: `Remove ${TEE} (L) from cart` }).click()
    await expect(panel.getByText('Your cart is empty')).toBeVisible()
    await expect(panel.getByTestId('cart-subtotal')).toHaveCount(0)
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)
  })

  test('the cart survives a reload, saved under shopping-cart', async ({ page }) => {
    await addToCart(page, TEE, 'S')
    await addToCart(page, VINYL)
    await reloadShop(page)
    await expect(page.getByTestId('cart-badge')).toHaveText('2')
    expect((await savedCart(page)).state.items.map((i: { name: string }) => i.name)).toEqual([TEE, VINYL])
    const panel = await openCart(page)
    await expect(panel.getByTestId('cart-subtotal')).toHaveText('$55.00')
  })

  for (const [what, value] of BAD_CARTS) {
    test(`a ${what} shopping-cart value starts an empty cart and is logged`, async ({ page }) => {
      const errors = consoleErrors(page)
      await page.evaluate((v) => localStorage.setItem('shopping-cart', v), value)
      await reloadShop(page)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('cart-badge')).toHaveCount(0)
      expect(errors.some((e) => e.includes('Ignoring'))).toBe(true)
      const panel = await openCart(page)
      await expect(panel.getByText('Your cart is empty')).toBeVisible()
      // The cart works afterwards.
      await page.keyboard.press('Escape')
      await addToCart(page, VINYL)
      await expect(page.getByTestId('cart-badge')).toHaveText('1')
    })
  }

  test('the panel closes on Escape and gives focus back to the cart button', async ({ page }) => {
    const panel = await openCart(page)
    await expect(panel)
      .toBeFocused({ timeout: 1000 })
      .catch(() => undefined)
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(cartButton(page)).toBeFocused()
  })

  test("'Proceed to Checkout' closes the panel and goes to /checkout", async ({ page, baseURL }) => {
    await addToCart(page, VINYL)
    await proceedToCheckout(page, baseURL)
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toHaveCount(0)
  })
})
