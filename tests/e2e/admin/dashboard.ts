import { test as base, type Page } from '@playwright/test'

import type { Mailbox } from '../../helpers/smtp'
import type { Site } from '../support'

/**
 * What the dashboard tests (admin.spec.ts) share as they run in order: one site with its mailbox,
 * the owner's signed-in page, and the pages of the manager and the viewer the Users tab invites.
 */
export type Dashboard = { site: Site; mailbox: Mailbox; page: Page; managerPage: Page; viewerPage: Page }

export const dashboard = {} as Dashboard

/**
 * The dashboard tests' `test`: its fixtures are the shared objects of `dashboard`, so `page` is the
 * owner's one page for the whole run, not a fresh page per test.
 */
export const test = base.extend<{ site: Site; mailbox: Mailbox; managerPage: Page; viewerPage: Page }>({
  site: async ({}, use) => use(dashboard.site),
  mailbox: async ({}, use) => use(dashboard.mailbox),
  page: async ({}, use) => use(dashboard.page),
  managerPage: async ({}, use) => use(dashboard.managerPage),
  viewerPage: async ({}, use) => use(dashboard.viewerPage),
})

export const MANAGER = { email: 'manager@band.test', password: 'manager-password-1' }
export const VIEWER = { email: 'viewer@band.test', password: 'viewer-password-1' }

export const dialog = () => dashboard.page.getByRole('dialog')
export const toast = (text: string | RegExp) =>
  dashboard.page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByText(text)
