import { EDITORS, TEAM } from '../../src/platform/access/roles'

import { EVERYONE, type RouteCase } from './permissionTypes'

/**
 * The music rows of the permission matrix (tests/helpers/permissionMatrix.ts): the team's release,
 * track, code and settings routes and the public release routes, then the public music, download
 * and redeem pages.
 */

let n = 0
const unique = () => ++n

export const MUSIC_ROUTES: RouteCase[] = [
  { method: 'GET', route: '/api/admin/releases', allowed: TEAM },
  {
    method: 'POST',
    route: '/api/admin/releases',
    body: () => ({
      title: 'Demo',
      type: 'single',
      releaseDate: '2030-05-01',
      pricing: { mode: 'fixed', price: '1.00' },
    }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/releases/[id]', fixture: 'release', allowed: TEAM },
  {
    method: 'PUT',
    route: '/api/admin/releases/[id]',
    fixture: 'release',
    body: () => ({ title: 'Renamed' }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/releases/[id]', fixture: 'release', allowed: EDITORS },
  {
    method: 'POST',
    route: '/api/admin/releases/[id]/tracks',
    fixture: 'audioUpload',
    body: (fixture) => ({ title: 'Demo', audioURL: fixture.split(',')[1] }),
    allowed: EDITORS,
  },
  {
    method: 'PUT',
    route: '/api/admin/releases/[id]/tracks/[trackId]',
    fixture: 'track',
    body: () => ({ title: 'Renamed', position: 1, streaming: 'full' }),
    allowed: EDITORS,
  },
  { method: 'DELETE', route: '/api/admin/releases/[id]/tracks/[trackId]', fixture: 'track', allowed: EDITORS },
  { method: 'GET', route: '/api/admin/music/settings', allowed: TEAM },
  {
    method: 'PUT',
    route: '/api/admin/music/settings',
    body: () => ({ linkValidDays: 30, downloadsPerRelease: 10 }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/releases/[id]/codes', fixture: 'release', allowed: TEAM },
  {
    method: 'POST',
    route: '/api/admin/releases/[id]/codes',
    fixture: 'release',
    body: () => ({ count: 3, label: 'Cards' }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/admin/releases/[id]/codes/[batchId]', fixture: 'codeBatch', allowed: TEAM },
  {
    method: 'PUT',
    route: '/api/admin/releases/[id]/tracks/order',
    fixture: 'track',
    body: (fixture) => ({ trackIds: [fixture.split(',')[1]] }),
    allowed: EDITORS,
  },
  { method: 'GET', route: '/api/releases', allowed: EVERYONE },
  { method: 'GET', route: '/api/releases/[id]/tracks/[trackId]/stream', fixture: 'playableTrack', allowed: EVERYONE },
  {
    method: 'POST',
    route: '/api/releases/[id]/claim',
    fixture: 'freeRelease',
    body: () => ({ email: 'fan@example.com' }),
    allowed: EVERYONE,
  },
]

export const MUSIC_PAGES: RouteCase[] = [
  { method: 'GET', route: '/music', allowed: EVERYONE },
  { method: 'GET', route: '/music/[slug]', fixture: 'releaseSlug', allowed: EVERYONE },
  { method: 'GET', route: '/api/downloads/[token]', fixture: 'downloadToken', allowed: EVERYONE },
  {
    method: 'GET',
    route: '/api/downloads/[token]/[releaseId]/[format]',
    fixture: 'downloadZip',
    allowed: EVERYONE,
  },
  {
    method: 'GET',
    route: '/api/downloads/[token]/[releaseId]/tracks/[trackId]/[format]',
    fixture: 'downloadTrack',
    allowed: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/downloads/resend',
    body: () => ({ email: `lost${unique()}@example.com` }),
    allowed: EVERYONE,
  },
  { method: 'GET', route: '/downloads', allowed: EVERYONE },
  { method: 'GET', route: '/downloads/[token]', fixture: 'downloadToken', allowed: EVERYONE },
  { method: 'GET', route: '/redeem', allowed: EVERYONE },
]
