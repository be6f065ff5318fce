import { expect, type Locator, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { OWNER, type Site } from './support'

/** A URL too long to fit a phone's width unbroken. */
export const LONG_URL = `https://example.com/${'a-very-long-path-without-any-break'.repeat(6)}`

/** The owner, signed in, after giving the band a bio and a link with long unbroken words. */
export async function ownerWithLongWords(site: Site): Promise<Client> {
  const owner = new Client(site.url)
  expect((await owner.post('/api/auth/login', OWNER)).status).toBe(200)
  expect(
    (
      await owner.request('PUT', '/api/admin/band-profile', {
        name: 'The Long Words',
        bio: `Find us at ${LONG_URL} and on ${'Supercalifragilisticexpialidocious'.repeat(4)}.`,
        updatedAt: null,
      })
    ).status,
  ).toBe(200)
  expect(
    (await owner.request('POST', '/api/admin/links', { title: `Merch ${'Unbroken'.repeat(10)}`, url: LONG_URL }))
      .status,
  ).toBe(201)
  return owner
}

/** The page's scroll width and the window's, with the innermost elements reaching past the screen (to say what to fix). */
export function pageWidths(page: Page): Promise<{ scroll: number; inner: number; wide: string[] }> {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
  }))
}

/** The names of the buttons in `main`, and the fields (not search, not disabled) one could type into. */
export async function controlsIn(main: Locator): Promise<{ buttons: string[]; editable: string[] }> {
  const buttons = await main
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()))
  const editable = await main
    // :disabled, not [disabled]: a field in a disabled fieldset is disabled without the attribute.
    .locator('input:not(:disabled):not([type=search]):not([type=hidden]), textarea:not(:disabled)')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.id))
  return { buttons, editable }
}
