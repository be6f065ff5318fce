/**
 * The steps the till specs share: the show, till link and products of a merch-table night, and
 * what the tests read on the till's page.
 */
import type { Page } from '@playwright/test'

import type { Client } from '../helpers/http'

import { expect } from './fixtures'

let n = 0

/** A show today, a shirt with sizes S (2 left) and M (5 left) shown on the public page, and a till link. */
export async function night(owner: Client, title = 'Basement Night') {
  const stamp = `${Date.now().toString(36)}${++n}`
  const show = await owner.json('POST', '/api/admin/shows', {
    title: `${title} ${stamp}`,
    venue: 'The Basement',
    date: new Date().toISOString().slice(0, 10),
  })
  expect(show.status, JSON.stringify(show.body)).toBe(201)
  const name = `Till Tee ${stamp}`
  const product = await owner.json('POST', '/api/admin/products', {
    name,
    price: '25',
    inventory: 0,
    isActive: true,
    isFeatured: true,
  })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const sizes: Record<string, string> = {}
  for (const [value, inventory] of [
    ['S', 2],
    ['M', 5],
  ] as const) {
    const option = await owner.json('POST', `/api/admin/products/${product.body.id}/options`, {
      name: 'Size',
      value,
      inventory,
    })
    expect(option.status).toBe(201)
    sizes[value] = option.body.id
  }
  const till = await owner.json('POST', `/api/admin/shows/${show.body.id}/tills`, {})
  expect(till.status).toBe(201)
  return {
    showId: show.body.id as string,
    title: show.body.title as string,
    tillId: till.body.id as string,
    path: new URL(till.body.url).pathname,
    productId: product.body.id as string,
    name,
    sizes,
  }
}

/** Waits until the till has drawn its show and products. */
export const tillReady = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.ready === 'true')

/** Opens the till at its link and waits until it is ready. */
export async function openTill(page: Page, path: string) {
  await page.goto(path)
  await tillReady(page)
}

/** A sale sent straight to the site, as another phone of the same show does. */
export async function saleFromAnotherPhone(baseURL: string, path: string, productId: string, productOptionId: string) {
  const res = await fetch(`${baseURL}/api${path}/sales`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id: crypto.randomUUID(),
      at: new Date().toISOString(),
      items: [{ productId, productOptionId, quantity: 1, unitPrice: '25.00' }],
      payment: 'cash',
    }),
  })
  expect(res.status, await res.text()).toBe(201)
}

/** A phone in portrait, the till's usual screen. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** Fields (inputs, selects) on screen whose middle is covered by something else, at each scroll position. */
export async function coveredFields(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const covered = new Set<string>()
    const end = document.documentElement.scrollHeight
    for (let y = 0; y <= end; y += 40) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
      for (const field of document.querySelectorAll<HTMLElement>('input, select, textarea')) {
        const box = field.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) continue
        const x = box.left + box.width / 2
        const middle = box.top + box.height / 2
        if (middle < 0 || middle > window.innerHeight) continue
        const top = document.elementFromPoint(x, middle)
        if (top && top !== field && !field.contains(top)) covered.add(field.id || field.outerHTML.slice(0, 60))
      }
    }
    return [...covered]
  })
}

/** Whether the page is wider than the screen. */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** A size's button on the till, read out as "Add Tour Tee: M, $25.00, 3 left". */
export const addButton = (page: Page, title: string) =>
  page.getByRole('button', {
    name: new RegExp(`^Add ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}\\s*,`),
  })
