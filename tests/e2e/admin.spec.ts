import { startMailbox } from '../helpers/smtp'

import { dashboard, test } from './admin/dashboard'
import { linksTab, productsTab } from './admin/linksAndProducts'
import { ordersAndSubscribersTabs } from './admin/ordersAndSubscribers'
import { layoutTests, shellTests } from './admin/shellAndLayout'
import { bandProfileTab, showsTab, themeTab } from './admin/showsProfileAndTheme'
import { rolesTests, usersTab } from './admin/usersAndRoles'
import { startSite } from './support'

/*
 * The team dashboard at /admin, driven in Chromium against the production server: one site for
 * the whole file (tests build on each other, in order), signed in through the real /login page.
 * The tests are written in tests/e2e/admin/ and declared here in the order they run.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async ({ browser }, testInfo) => {
  // Starting a site of its own can take longer than a test's default on a busy machine.
  testInfo.setTimeout(120_000)
  dashboard.mailbox = await startMailbox()
  dashboard.site = await startSite({ SMTP_URL: dashboard.mailbox.url })
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  dashboard.page = await context.newPage()
})

test.afterAll(async () => {
  await dashboard.page?.context().close()
  await dashboard.site?.stop()
  await dashboard.mailbox?.close()
})

shellTests()
linksTab()
productsTab()
showsTab()
bandProfileTab()
themeTab()
usersTab()
ordersAndSubscribersTabs()
rolesTests()
layoutTests()
