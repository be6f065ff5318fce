import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Client } from '../../helpers/http'
import { member, OWNER } from '../../helpers/site'
import { unique } from '../../helpers/unique'

import { INACTIVE_ACCOUNT_MESSAGE } from '@/modules/team/contract/accountMessages'

/**
 * Sign-in that tells nobody who has an account, clear refusals on Payload's own routes, and the
 * smaller gaps a scan of the production server found: GraphQL, `RSC` caching, image paths and a
 * logout link on another site.
 */

// The worker's shared site: the accounts whose sign-ins fail here are the file's own, since failed
// sign-ins slow an account's next ones (the owner is signed in by every file of the worker).
const site = useAdminSite({ db: true })
/** A new browser from an address of its own, so per-address limits never mix tries. */
const visitor = (origin?: string | null) => new Client(site.server.url, { forwardedFor: site.address(), origin })
const n = unique()
/** A real account of the file's own, signed in to with wrong passwords. */
const REAL = { email: `real.account-${n}@example.com`, password: '' }
beforeAll(async () => {
  REAL.password = (await member(site, REAL.email, 'manager', site.address())).password
})

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

async function timedSignIn(path: string, email: string): Promise<{ ms: number; status: number }> {
  const client = visitor()
  const started = performance.now()
  const res = await client.request('POST', path, { email, password: 'not-the-password' })
  await res.arrayBuffer()
  return { ms: performance.now() - started, status: res.status }
}

/** Forgets every account's failed sign-ins, so the growing delay is out of the measurement. */
const forgetFailedSignIns = () => site.db.query(`DELETE FROM rate_limits WHERE key LIKE 'sign-in-attempts:%'`)

describe.each(['/api/auth/login', '/api/cms/users/login'])('POST %s timing', (path) => {
  it('an unknown address takes as long as a wrong password for a real account (medians of 20 within 25 %)', async () => {
    await timedSignIn(path, REAL.email)
    await timedSignIn(path, `warm-up-${n}@example.com`)
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 20; i++) {
      await forgetFailedSignIns()
      const real = await timedSignIn(path, REAL.email)
      const stranger = await timedSignIn(path, `nobody-${n}-${i}@example.com`)
      expect([real.status, stranger.status]).toEqual([401, 401])
      known.push(real.ms)
      unknown.push(stranger.ms)
    }
    const [k, u] = [median(known), median(unknown)]
    console.info(`${path}: median ${k.toFixed(1)} ms for a real account, ${u.toFixed(1)} ms for an unknown address`)
    expect(Math.abs(k - u)).toBeLessThanOrEqual(0.25 * Math.max(k, u))
  }, 120_000)

  it('from the fourth failure in a row, an unknown address waits as long as a real one', async () => {
    await forgetFailedSignIns()
    // Attempts 4, 5 and 6 wait 250, 500 and 1,000 ms before they are answered: each answer takes at
    // least that long however fast or loaded the machine is (a baseline taken from the first
    // attempts would be as noisy as the hashing time on a loaded machine).
    const times = async (email: string) => {
      const ms: number[] = []
      for (let i = 0; i < 6; i++) {
        const attempt = await timedSignIn(path, email)
        expect(attempt.status).toBe(401)
        ms.push(attempt.ms)
      }
      return ms.slice(3)
    }
    const real = await times(REAL.email)
    const unknown = await times(`nobody-slowed-${n}@example.com`)
    console.info(
      `${path}: attempts 4-6 took ${real.map(Math.round)} ms for a real account, ${unknown.map(Math.round)} ms for an unknown address`,
    )
    for (const slowed of [real, unknown]) {
      expect(slowed[0]).toBeGreaterThanOrEqual(250)
      expect(slowed[1]).toBeGreaterThanOrEqual(500)
      expect(slowed[2]).toBeGreaterThanOrEqual(1_000)
    }
    await forgetFailedSignIns()
  }, 60_000)
})

describe("refusals on Payload's own routes", () => {
  it('too many sign-ins: a 429 that says what happened and when to try again, with Retry-After', async () => {
    const client = visitor()
    for (let i = 0; i < 30; i++) {
      const { status } = await client.json('POST', '/api/cms/users/login', {
        email: `limit-${n}-${i}@example.com`,
        password: 'not-the-password',
      })
      expect(status).toBe(401)
    }
    const res = await client.json('POST', '/api/cms/users/login', REAL)
    expect(res.status).toBe(429)
    expect(res.res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    const minutes = Math.ceil(Number(res.res.headers.get('retry-after')) / 60)
    expect(res.body.errors[0].message).toBe(
      `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    )
  }, 60_000)

  it('a deactivated account is told so, and whom to ask', async () => {
    const gone = `gone.member-${n}@example.com`
    const { password } = await member(site, gone, 'viewer', site.address())
    await site.db.query(`UPDATE users SET is_active = false WHERE email = $1`, [gone])
    const res = await visitor().json('POST', '/api/cms/users/login', { email: gone, password })
    expect(res.status).toBe(403)
    expect(res.body.errors[0].message).toBe(INACTIVE_ACCOUNT_MESSAGE)
  })

  it('a wrong password says that the email or password is incorrect', async () => {
    const res = await visitor().json('POST', '/api/cms/users/login', { email: REAL.email, password: 'wrong-one' })
    expect(res.status).toBe(401)
    expect(res.body.errors[0].message).toMatch(/email or password .*incorrect/i)
    await forgetFailedSignIns()
  })
})

describe('GraphQL', () => {
  it('is off: POST /api/cms/graphql answers 404 and suggests no field names', async () => {
    const res = await visitor(null).request('POST', '/api/cms/graphql', { query: '{ Userz { docs { id } } }' })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toMatch(/did you mean/i)
  })
})

describe('answers that depend on the RSC header', () => {
  it('GET / with RSC: 1 is not shared by caches that ignore the header', async () => {
    const res = await visitor(null).get('/', { RSC: '1' })
    const cacheControl = res.headers.get('cache-control') ?? ''
    const vary = (res.headers.get('vary') ?? '').toLowerCase()
    expect(
      /\bpublic\b|s-maxage/.test(cacheControl) && !/(^|,\s*)rsc(\s*,|$)/.test(vary),
      `${cacheControl} / ${vary}`,
    ).toBe(false)
  })
})

describe('image paths in the collections themselves', () => {
  it("Payload's REST refuses a javascript: URL as a product image and takes an /objects/ path", async () => {
    const bad = await site.owner.json('POST', '/api/cms/products', {
      name: 'Script Tee',
      price: 10,
      imageUrl: 'javascript:alert(1)',
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toMatch(/imageUrl/)
    const good = await site.owner.json('POST', '/api/cms/products', {
      name: 'Plain Tee',
      price: 10,
      imageUrl: '/objects/media/plain-tee.png',
    })
    expect(good.status).toBe(201)
  })

  it('the band profile and the theme refuse outside URLs as images on every path', async () => {
    const profile = await site.owner.json('POST', '/api/cms/globals/band-profile', {
      name: 'The Band',
      profileImageUrl: 'javascript:alert(1)',
    })
    expect(profile.status).toBe(400)
    const theme = await site.owner.json('POST', '/api/cms/globals/theme-settings', {
      backgroundImage: 'https://tracker.example/pixel.png',
    })
    expect(theme.status).toBe(400)
    const team = await site.owner.json('POST', '/api/admin/products', {
      name: 'Script Tee',
      price: '10.00',
      imageUrl: 'javascript:alert(1)',
    })
    expect(team.status).toBe(400)
  })
})

describe('GET /api/logout', () => {
  const signedIn = async () => {
    const client = visitor()
    expect((await client.post('/api/auth/login', OWNER)).status).toBe(200)
    return client
  }
  /** The same session seen from a page of another site, which sends no Origin of ours. */
  const fromElsewhere = (client: Client) => {
    const other = visitor(null)
    other.cookie = client.cookie
    return other
  }

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a Referer of another site', { Referer: 'https://evil.example/page' }],
    ['an Origin of another site', { Origin: 'https://evil.example' }],
  ])('a link on another site (%s) does not end the session', async (_, headers) => {
    const client = await signedIn()
    const res = await fromElsewhere(client).get('/api/logout', headers)
    expect(res.headers.getSetCookie().join()).not.toMatch(/payload-token=;/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(await res.text()).toMatch(/<form method="post" action="\/api\/logout">/)
    expect((await client.get('/api/auth/user')).status).toBe(200)
  })

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ['an address typed in the address bar (Sec-Fetch-Site: none)', { 'Sec-Fetch-Site': 'none' }],
  ])('a navigation from the site itself (%s) ends the session and goes home', async (_, headers) => {
    const client = await signedIn()
    const token = client.cookie
    const own = fromElsewhere(client)
    const res = await own.get('/api/logout', headers)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
    expect(own.cookie).toBeNull()
    client.cookie = token
    expect((await client.get('/api/auth/user')).status).toBe(401)
  })

  it('the confirmation page’s button (a same-site POST) ends the session', async () => {
    const client = await signedIn()
    const token = client.cookie
    const res = await client.post('/api/logout')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/')
    client.cookie = token
    expect((await client.get('/api/auth/user')).status).toBe(401)
  })

  it('a POST from another site is refused and the session stays', async () => {
    const client = await signedIn()
    const other = visitor('https://evil.example')
    other.cookie = client.cookie
    expect((await other.post('/api/logout')).status).toBe(403)
    expect((await client.get('/api/auth/user')).status).toBe(200)
  })
})
