import type { Client } from './http'
import { unique } from './unique'

/**
 * Creates a release through the team API as `client` (an owner or manager): an active album at
 * $9.99 named "Night Drive <n>" unless `data` says otherwise. Answers the created release, and
 * throws with the server's answer unless it was created (so both vitest and Playwright tests use it).
 */
export async function createRelease(client: Client, data: Record<string, unknown> = {}) {
  const res = await client.json('POST', '/api/admin/releases', {
    title: `Night Drive ${unique()}`,
    type: 'album',
    releaseDate: '2027-03-14',
    isActive: true,
    pricing: { mode: 'fixed', price: '9.99' },
    ...data,
  })
  if (res.status !== 201) throw new Error(`Creating a release answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body as Record<string, any> & { id: string; slug: string }
}
