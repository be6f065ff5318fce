import { EDITORS, TEAM, type Role } from '../../src/platform/access/roles'

import { MUSIC_PAGES, MUSIC_ROUTES } from './permissionMatrixMusic'
import { EVERYONE, type Actor, type RouteCase } from './permissionTypes'

export type { Actor, Fixture, RouteCase } from './permissionTypes'

/**
 * The permission matrix of the team API: for every /api/admin route, the roles that get a 2xx
 * answer. Anonymous visitors get 401 and other roles 403. The public show pages and their
 * calendar feeds are in it too, open to everyone. tests/http/platform/adminPermissions.test.ts
 * runs it against the production server, and docs/architecture.md shows it
 * (`npm run docs:permissions`).
 */

export const ACTORS: Actor[] = ['anonymous', 'viewer', 'manager', 'owner']
const OWNER: readonly Role[] = ['owner']

let n = 0
const unique = () => ++n

/** The permission matrix for every /api/admin route (and the public shows routes): who gets 2xx; others get 401 (anonymous) or 403. */
export const ROUTES: RouteCase[] = [
  { method: 'GET', route: '/api/admin/band-profile', allowed: TEAM },
  { method: 'PUT', route: '/api/admin/band-profile', body: () => ({ name: 'The Midnight Static' }), allowed: EDITORS },
  { method: 'GET', route: '/api/admin/links', allowed: TEAM },
  {
    method: 'POST',
    route: '/api/admin/links',
    body: () => ({ title: 'New', url: 'https://example.com/new' }),
    allowed: EDITORS,
  },
  {
    method: 'PUT',
    route: '/api/admin/links/[id]',
    fixture: 'link',
    body: () => ({ title: 'Renamed' }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/links/[id]', fixture: 'link', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/products', allowed: TEAM },
  { method: 'POST', route: '/api/admin/products', body: () => ({ name: 'Tee', price: '20.00' }), allowed: EDITORS },
  {
    method: 'PUT',
    route: '/api/admin/products/[id]',
    fixture: 'product',
    body: () => ({ name: 'Renamed' }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/products/[id]', fixture: 'product', allowed: EDITORS },
  { method: 'POST', route: '/api/admin/products/[id]/duplicate', fixture: 'product', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/products/[id]/options', fixture: 'product', allowed: TEAM },
  { method: 'GET', route: '/api/admin/shipping', allowed: TEAM },
  {
    method: 'PUT',
    route: '/api/admin/shipping',
    body: () => ({ zones: [{ name: 'United States', countries: ['US'], rate: '5.00' }], restOfWorld: null }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/tax', allowed: TEAM },
  { method: 'GET', route: '/api/admin/tax/report', query: '?from=2026-01-01&to=2026-03-31', allowed: TEAM },
  { method: 'PUT', route: '/api/admin/tax', body: () => ({ pricesIncludeTax: false, rates: [] }), allowed: EDITORS },
  { method: 'GET', route: '/api/admin/back-in-stock', allowed: TEAM },
  { method: 'GET', route: '/api/admin/discount-codes', allowed: TEAM },
  {
    method: 'POST',
    route: '/api/admin/discount-codes',
    body: () => ({ code: `CODE${unique()}`, kind: 'percent', value: 10 }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/discount-codes/[id]', fixture: 'discountCode', allowed: TEAM },
  {
    method: 'PUT',
    route: '/api/admin/discount-codes/[id]',
    fixture: 'discountCode',
    body: () => ({ maxUses: 5 }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/discount-codes/[id]', fixture: 'discountCode', allowed: EDITORS },
  {
    method: 'POST',
    route: '/api/admin/products/image',
    fixture: 'upload',
    body: (imageURL) => ({ imageURL }),
    allowed: EDITORS,
  },
  {
    method: 'POST',
    route: '/api/admin/band-profile/image',
    fixture: 'upload',
    body: (imageURL) => ({ imageURL }),
    allowed: EDITORS,
  },
  { method: 'POST', route: '/api/objects/upload', allowed: EDITORS },
  {
    method: 'POST',
    route: '/api/admin/products/[id]/options',
    fixture: 'product',
    body: () => ({ value: 'L' }),
    allowed: EDITORS,
  },
  {
    method: 'PUT',
    route: '/api/admin/products/options/[optionId]',
    fixture: 'option',
    body: () => ({ inventory: 12 }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/products/options/[optionId]', fixture: 'option', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/orders', allowed: TEAM },
  { method: 'GET', route: '/api/admin/orders/summary', allowed: TEAM },
  { method: 'DELETE', route: '/api/admin/orders/[id]', fixture: 'pendingOrder', allowed: EDITORS },
  { method: 'POST', route: '/api/admin/orders/[id]/refund', fixture: 'capturedOrder', allowed: EDITORS },
  {
    method: 'PUT',
    route: '/api/admin/orders/[id]/status',
    fixture: 'paidOrder',
    body: () => ({ status: 'shipped' }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/orders/export', allowed: EDITORS },
  { method: 'GET', route: '/admin/packing-slips', allowed: TEAM },
  { method: 'GET', route: '/api/admin/shows', allowed: TEAM },
  {
    method: 'POST',
    route: '/api/admin/shows',
    body: () => ({ title: 'Gig', venue: 'Club', date: '2030-05-01' }),
    allowed: EDITORS,
  },
  {
    method: 'PUT',
    route: '/api/admin/shows/[id]',
    fixture: 'show',
    body: () => ({ title: 'Renamed' }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/shows/[id]', fixture: 'show', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/shows/[id]/tills', fixture: 'show', allowed: TEAM },
  { method: 'POST', route: '/api/admin/shows/[id]/tills', fixture: 'show', body: () => ({}), allowed: EDITORS },
  { method: 'DELETE', route: '/api/admin/shows/[id]/tills/[tillId]', fixture: 'till', allowed: EDITORS },
  {
    method: 'PUT',
    route: '/api/admin/shows/[id]/count-in',
    fixture: 'show',
    body: () => ({ lines: [] }),
    allowed: EDITORS,
  },
  {
    method: 'PUT',
    route: '/api/admin/shows/[id]/count-out',
    fixture: 'show',
    body: () => ({ lines: [], cashCounted: '0' }),
    allowed: EDITORS,
  },
  {
    method: 'PUT',
    route: '/api/admin/shows/[id]/venue-cut',
    fixture: 'show',
    body: () => ({ percent: 15 }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/shows/[id]/settlement', fixture: 'show', allowed: TEAM },
  ...MUSIC_ROUTES,
  {
    method: 'POST',
    route: '/api/checkout/quote',
    fixture: 'stockedProduct',
    body: (productId) => ({ items: [{ productId, quantity: 1, price: '10.00' }], country: 'US' }),
    allowed: EVERYONE,
  },
  { method: 'GET', route: '/shows', allowed: EVERYONE },
  { method: 'GET', route: '/shows/[slug]', fixture: 'showSlug', allowed: EVERYONE },
  { method: 'GET', route: '/shows/[slug]/event.ics', fixture: 'showSlug', allowed: EVERYONE },
  { method: 'GET', route: '/shows.ics', allowed: EVERYONE },
  ...MUSIC_PAGES,
  { method: 'GET', route: '/api/admin/users', allowed: EDITORS },
  {
    method: 'POST',
    route: '/api/admin/users/invite',
    body: () => ({ email: `invitee${unique()}@example.com`, role: 'viewer' }),
    allowed: OWNER,
  },
  {
    method: 'PUT',
    route: '/api/admin/users/[userId]/role',
    fixture: 'user',
    body: () => ({ role: 'manager' }),
    allowed: OWNER,
  },
  {
    method: 'PUT',
    route: '/api/admin/users/[userId]/status',
    fixture: 'user',
    body: () => ({ isActive: false }),
    allowed: OWNER,
  },
  { method: 'GET', route: '/api/admin/subscribers', allowed: EDITORS },
  { method: 'DELETE', route: '/api/admin/subscribers/[id]', fixture: 'subscriber', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/subscribers/export', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/campaigns', allowed: EDITORS },
  {
    method: 'POST',
    route: '/api/admin/campaigns',
    body: () => ({ subject: 'Tour news', body: 'We are *on tour*.' }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/campaigns/[id]', fixture: 'campaign', allowed: EDITORS },
  {
    method: 'PUT',
    route: '/api/admin/campaigns/[id]',
    fixture: 'campaign',
    body: () => ({ subject: 'Edited', body: 'New text' }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/campaigns/[id]', fixture: 'campaign', allowed: EDITORS },
  { method: 'POST', route: '/api/admin/campaigns/[id]/test', fixture: 'campaign', allowed: EDITORS },
  { method: 'POST', route: '/api/admin/campaigns/[id]/send', fixture: 'campaign', body: () => ({}), allowed: EDITORS },
  { method: 'POST', route: '/api/admin/campaigns/[id]/pause', fixture: 'scheduledCampaign', allowed: EDITORS },
  { method: 'POST', route: '/api/admin/campaigns/[id]/resume', fixture: 'pausedCampaign', allowed: EDITORS },
  { method: 'POST', route: '/api/admin/campaigns/[id]/cancel', fixture: 'campaign', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/email-failures', allowed: OWNER },
  { method: 'POST', route: '/api/admin/email-failures/[id]/retry', fixture: 'failedEmail', allowed: OWNER },
  { method: 'DELETE', route: '/api/admin/email-failures/[id]', fixture: 'failedEmail', allowed: OWNER },
  { method: 'GET', route: '/api/admin/privacy', query: '?email=fan@example.com', allowed: OWNER },
  { method: 'GET', route: '/api/admin/privacy/export', query: '?email=fan@example.com', allowed: OWNER },
  {
    method: 'POST',
    route: '/api/admin/privacy/erase',
    body: () => ({ email: 'nobody-here@example.com' }),
    allowed: OWNER,
  },
  { method: 'GET', route: '/api/admin/privacy/settings', allowed: OWNER },
  {
    method: 'PUT',
    route: '/api/admin/privacy/settings',
    body: () => ({ retentionMonths: 24, noticeMarkdown: '' }),
    allowed: OWNER,
  },
  { method: 'GET', route: '/api/admin/theme-settings', allowed: TEAM },
  {
    method: 'PUT',
    route: '/api/admin/theme-settings',
    body: () => ({ primaryColor: 'hsl(262,83%,58%)' }),
    allowed: EDITORS,
  },
]
