import type { Role } from '../../src/platform/access/roles'

/** Who sends a request of the permission matrix. */
export type Actor = Role | 'anonymous'

/** Public pages and feeds: everyone, signed in or not. */
export const EVERYONE: readonly Actor[] = ['anonymous', 'viewer', 'manager', 'owner']

/** Records a route acts on, made fresh by the permission test for each request. */
export type Fixture =
  | 'link'
  | 'product'
  | 'stockedProduct'
  | 'discountCode'
  | 'option'
  | 'show'
  | 'release'
  | 'freeRelease'
  | 'codeBatch'
  | 'audioUpload'
  | 'track'
  | 'playableTrack'
  | 'till'
  | 'showSlug'
  | 'releaseSlug'
  | 'downloadToken'
  | 'downloadZip'
  | 'downloadTrack'
  | 'paidOrder'
  | 'capturedOrder'
  | 'pendingOrder'
  | 'failedEmail'
  | 'subscriber'
  | 'campaign'
  | 'scheduledCampaign'
  | 'pausedCampaign'
  | 'upload'
  | 'user'

export type RouteCase = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The route as its folder spells it, e.g. /api/admin/links/[id]. */
  route: string
  fixture?: Fixture
  /** A query string the route needs to answer (e.g. `?email=…`), added to the path. */
  query?: string
  /** The request body; gets the fixture's value when there is one. */
  body?: (fixture: string) => unknown
  /** Who gets a 2xx answer; only the public routes name 'anonymous'. */
  allowed: readonly Actor[]
}
