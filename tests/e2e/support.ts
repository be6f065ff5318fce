import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import pg from 'pg'

import { freePort } from '../../scripts/lib/freePort'

export const OWNER = { email: 'owner@band.test', password: 'owner-password-1' }

export type Site = {
  url: string
  databaseUrl: string
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>
  stop: () => Promise<void>
}

async function createDatabase(): Promise<string> {
  const template = process.env.E2E_PG_URL_TEMPLATE
  if (!template) throw new Error('E2E_PG_URL_TEMPLATE is not set: run through playwright.config.ts')
  const name = `e2e_${crypto.randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: template.replace('{db}', 'postgres') })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  return template.replace('{db}', name)
}

/**
 * The production server (after `next build`) through the launcher on a fresh database, with the
 * owner created from OWNER_EMAIL/OWNER_PASSWORD and no demo content.
 */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const root = path.resolve(import.meta.dirname, '../..')
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) throw new Error('No production build: run `npx next build` first.')
  const databaseUrl = await createDatabase()
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-e2e-'))
  const url = `http://localhost:${port}`
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/launch.ts', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: undefined,
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SITE_URL: url,
      PAYLOAD_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 90_000
  while (!log.includes('The site is up')) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not start in time:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  return {
    url,
    databaseUrl,
    sql: (text, values) => pool.query(text, values),
    stop: async () => {
      await pool.end()
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Signs in through the real /login page, starting from /admin as a team member would. */
export async function signIn(page: Page, site: Site, email: string, password: string) {
  await page.goto(`${site.url}/admin`)
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin|\/login\?next=\/admin/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${site.url}/admin`)
}

export const TAB_TITLES = {
  'Band Profile': 'Band Profile',
  Links: 'Manage Links',
  Products: 'Manage Products',
  Orders: 'Manage Orders',
  Shows: 'Upcoming Shows',
  Users: 'User Management',
  Subscribers: 'Newsletter Subscribers',
  Theme: 'Theme Customization',
} as const

export type TabName = keyof typeof TAB_TITLES

/** Opens a tab from the desktop sidebar and waits for its header. */
export async function openTab(page: Page, tab: TabName) {
  await page.getByRole('navigation', { name: 'Dashboard', exact: true }).getByRole('button', { name: tab, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: TAB_TITLES[tab] })).toBeVisible()
}

/** The last toast on screen. */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ })
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`),
  ).toEqual([])
}

/** A small valid PNG (a 4×4 red square). */
export function pngFile(name = 'merch.png') {
  const base64 =
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg=='
  return { name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }
}

/**
 * Keeps every toast the page shows in sessionStorage, so a test can read them after the page has
 * navigated away (the signed-out toast is followed by a redirect 500 ms later).
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>(JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[])
    const collect = () => {
      for (const li of document.querySelectorAll('[role="region"] li')) {
        const text = li.textContent?.trim()
        if (text && !seen.has(text)) {
          seen.add(text)
          sessionStorage.setItem('e2e-toasts', JSON.stringify([...seen]))
        }
      }
    }
    new MutationObserver(collect).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

export async function recordedToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[])
}
