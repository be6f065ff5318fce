import { expect, type Page } from '@playwright/test'

import { expectAccessible, openTab, OWNER, recordedToasts, recordToasts } from '../support'

import { dashboard, dialog, MANAGER, test, toast, VIEWER } from './dashboard'

/** Signs a new browser context in through an emailed invitation link. */
async function acceptInvitation(email: string, password: string): Promise<Page> {
  const { mailbox, page, site } = dashboard
  const mail = await mailbox.waitFor((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)))
  const link = /https?:\/\/\S+\/login\?invite=[^\s"<]+/.exec(mail.text ?? '')?.[0]
  expect(link).toBeTruthy()
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 900 } })
  const invited = await context.newPage()
  await invited.goto(link!)
  await expect(invited.getByRole('heading', { name: 'Set your password' })).toBeVisible()
  await invited.getByLabel('New password (at least 8 characters)').fill(password)
  await invited.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(invited).toHaveURL(`${site.url}/admin`)
  return invited
}

/** The Users tab: the invited manager and viewer sign in through their emailed links. */
export function usersTab() {
  test.describe('Users tab', () => {
    test('inviting a manager and a viewer, who accept the emailed invitation through /login', async ({ page }) => {
      await openTab(page, 'Users')
      await expect(
        page.getByText('Full system access; manages all users, system settings and all content'),
      ).toBeVisible()
      await expect(
        page.getByText('Manages content, views the user list, handles orders, manages shows and products'),
      ).toBeVisible()
      await expect(page.getByText('Read-only access; no editing; basic dashboard access (default role)')).toBeVisible()

      await page.getByRole('button', { name: 'Invite User' }).click()
      await dialog().getByLabel('Email').fill('not-an-email')
      await dialog().getByRole('button', { name: 'Send Invitation' }).click()
      await expect(dialog().getByText('Please enter a valid email address')).toBeVisible()
      await expect(dialog().getByRole('combobox', { name: 'Role' })).toHaveText('Viewer')
      await dialog().getByRole('combobox', { name: 'Role' }).click()
      await expect(page.getByRole('option')).toHaveText(['Manager', 'Viewer'])
      await page.getByRole('option', { name: 'Manager' }).click()
      await dialog().getByLabel('Email').fill(MANAGER.email)
      await dialog().getByRole('button', { name: 'Send Invitation' }).click()
      await expect(toast('User invited successfully')).toBeVisible()
      await expect(dialog()).toHaveCount(0)

      await page.getByRole('button', { name: 'Invite User' }).click()
      await dialog().getByLabel('Email').fill(VIEWER.email)
      await dialog().getByRole('button', { name: 'Send Invitation' }).click()
      await expect(toast('User invited successfully')).toBeVisible()

      const users = page.getByRole('list', { name: 'Users' })
      const managerRow = users.getByRole('listitem').filter({ hasText: MANAGER.email })
      await expect(managerRow).toContainText('Invited by admin')
      await expect(managerRow.getByRole('combobox')).toHaveText('Manager')
      await expect(managerRow.getByRole('switch')).toBeChecked()
      // The owner's own role and status cannot be changed here.
      const ownerRow = users.getByRole('listitem').filter({ hasText: OWNER.email })
      await expect(ownerRow).not.toContainText('Invited by admin')
      await expect(ownerRow.getByRole('combobox')).toBeDisabled()

      dashboard.managerPage = await acceptInvitation(MANAGER.email, MANAGER.password)
      dashboard.viewerPage = await acceptInvitation(VIEWER.email, VIEWER.password)
    })

    test('a manager edits content but has no invite, role or status controls and cannot edit the owner-only theme fields', async ({
      site,
      managerPage,
    }) => {
      const m = managerPage
      await expect(m.getByRole('heading', { level: 1, name: 'Band Profile' })).toBeVisible()
      await expect(m.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
      await openTab(m, 'Users')
      await expect(m.getByRole('list', { name: 'Users' }).getByRole('heading', { name: OWNER.email })).toBeVisible()
      await expect(m.getByRole('button', { name: 'Invite User' })).toHaveCount(0)
      await expect(m.getByRole('combobox')).toHaveCount(0)
      await expect(m.getByRole('switch')).toHaveCount(0)
      await openTab(m, 'Theme')
      await expect(m.getByLabel('Notification Email')).toBeDisabled()
      await expect(m.getByLabel('Custom CSS')).toBeDisabled()
      await m.getByLabel('Accent Color').fill('hsl(200,90%,55%)')
      await m.getByRole('button', { name: 'Save Theme' }).click()
      await expect(
        m
          .getByRole('region', { name: /Notifications/, includeHidden: true })
          .getByText('Theme settings updated successfully'),
      ).toBeVisible()
      // The server still refuses what the form hides.
      const refused = await m.request.put(`${site.url}/api/admin/theme-settings`, {
        data: { notificationEmail: 'thief@evil.test' },
        headers: { Origin: site.url },
      })
      expect(refused.status()).toBe(403)
      const invite = await m.request.post(`${site.url}/api/admin/users/invite`, {
        data: { email: 'x@band.test', role: 'viewer' },
        headers: { Origin: site.url },
      })
      expect(invite.status()).toBe(403)
    })
  })
}

/** What each role's dashboard offers, and a session ended while the dashboard is open. */
export function rolesTests() {
  viewerTests()
  sessionEndTests()
}

/** A viewer's read-only dashboard (the first of the two 'Roles' blocks). */
function viewerTests() {
  test.describe('Roles', () => {
    test("a viewer's dashboard is read-only, and the server refuses their writes", async ({ site, viewerPage }) => {
      const v = viewerPage
      await v.reload()
      await expect(v.getByRole('heading', { level: 1, name: 'Band Profile' })).toBeVisible()
      await expect(v.getByRole('heading', { name: 'The Night Owls', exact: true })).toBeVisible()
      await expect(v.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)
      await openTab(v, 'Links')
      await expect(v.getByRole('heading', { name: 'Spotify', exact: true })).toBeVisible()
      await expect(v.getByRole('button', { name: /Add Link|Edit |Delete / })).toHaveCount(0)
      await openTab(v, 'Products')
      await expect(v.getByRole('heading', { name: 'Tour Shirt', exact: true })).toBeVisible()
      await expect(v.getByRole('button', { name: /Add Product|Edit |Duplicate |Delete / })).toHaveCount(0)
      await openTab(v, 'Orders')
      await expect(v.getByText('Jamie Fan', { exact: true })).toBeVisible()
      await expect(v.getByRole('button', { name: /Export CSV|Delete |Mark as/ })).toHaveCount(0)
      await openTab(v, 'Shows')
      await expect(v.getByRole('heading', { name: 'Spring Tour Opener', exact: true })).toBeVisible()
      await expect(v.getByRole('button', { name: /Add Show|Edit |Delete / })).toHaveCount(0)
      await openTab(v, 'Users')
      await expect(v.getByText('Only owners and managers can see the team list.')).toBeVisible()
      await expect(v.getByText('Role Permissions')).toBeVisible()
      await expect(v.getByRole('button', { name: 'Invite User' })).toHaveCount(0)
      await openTab(v, 'Subscribers')
      await expect(v.getByText('Only owners and managers can see the subscriber list.')).toBeVisible()
      await expect(v.getByRole('link', { name: 'Export CSV' })).toHaveCount(0)
      await openTab(v, 'Theme')
      await expect(v.getByLabel('Primary Color')).toBeDisabled()
      await expect(v.getByRole('button', { name: /Save Theme|Reset|Choose background image/ })).toHaveCount(0)
      await expectAccessible(v, 'viewer Theme')

      const refused = await v.request.post(`${site.url}/api/admin/links`, {
        data: { title: 'Sneaky', url: 'https://example.com' },
        headers: { Origin: site.url },
      })
      expect(refused.status()).toBe(403)
    })
  })
}

/** Role changes and sessions ended while a dashboard is open (the second 'Roles' block). */
function sessionEndTests() {
  test.describe('Roles', () => {
    test('the owner changes a role and deactivates a user, whose open dashboard then signs out', async ({
      page,
      site,
      managerPage,
    }) => {
      await page.reload()
      await openTab(page, 'Users')
      const users = page.getByRole('list', { name: 'Users' })
      const viewerRow = users.getByRole('listitem').filter({ hasText: VIEWER.email })
      await viewerRow.getByRole('combobox').click()
      await expect(page.getByRole('option')).toHaveText(['Owner', 'Manager', 'Viewer'])
      await page.getByRole('option', { name: 'Manager' }).click()
      await expect(toast('User role updated successfully')).toBeVisible()
      await expect(viewerRow.getByRole('combobox')).toHaveText('Manager')
      expect((await site.sql(`SELECT role FROM users WHERE email = $1`, [VIEWER.email])).rows[0].role).toBe('manager')

      // The manager's dashboard is open (Theme tab) while the owner deactivates them.
      const managerRow = users.getByRole('listitem').filter({ hasText: MANAGER.email })
      await managerRow.getByRole('switch').click()
      await expect(toast('User status updated successfully')).toBeVisible()
      await expect(managerRow.getByRole('switch')).not.toBeChecked()
      expect((await site.sql(`SELECT is_active FROM users WHERE email = $1`, [MANAGER.email])).rows[0].is_active).toBe(
        false,
      )

      // Their next read finds the session gone: the Unauthorized toast, then /api/login after 500 ms.
      await recordToasts(managerPage)
      await openTab(managerPage, 'Orders').catch(() => undefined)
      await expect(managerPage).toHaveURL(/\/login\?next=/)
      expect(await recordedToasts(managerPage)).toContain('UnauthorizedYou are logged out. Logging in again...')
    })

    test('a write after the session ended elsewhere also gives the Unauthorized toast and the redirect', async ({
      site,
      viewerPage,
    }) => {
      // The viewer-turned-manager signs out in another tab, then saves from the open dashboard.
      const v = viewerPage
      await v.reload()
      await openTab(v, 'Links')
      await v.getByRole('button', { name: 'Add Link' }).click()
      await v.getByRole('dialog').getByLabel('Title').fill('Late link')
      await v.getByRole('dialog').getByLabel('URL').fill('https://example.com/late')
      const other = await v.context().newPage()
      await other.goto(`${site.url}/api/logout`)
      await other.close()
      await recordToasts(v)
      await v.getByRole('dialog').getByRole('button', { name: 'Create Link' }).click()
      await expect(v).toHaveURL(/\/login\?next=/)
      expect(await recordedToasts(v)).toContain('UnauthorizedYou are logged out. Logging in again...')
      expect((await site.sql(`SELECT count(*)::int AS n FROM links WHERE title = 'Late link'`)).rows[0].n).toBe(0)
    })
  })
}
