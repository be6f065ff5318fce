/// <reference lib="webworker" />

/**
 * The till's service worker: it keeps the till's page, its script and each link's catalogue, so
 * the till opens with no network once it has been opened once. The page and the catalogue come
 * from the network while it answers (within a few seconds, for a basement's weak signal), else from
 * what was kept; the script is served from what was kept and refreshed behind it. Sales never pass
 * through here: the page keeps them in IndexedDB.
 */

const sw = self as unknown as ServiceWorkerGlobalScope

const CACHE = 'merch-till-v1'
/** The page is the same for every link; it is kept under this one address. */
const SHELL = '/till/offline'
const SCRIPT = '/till/app.js'
const NETWORK_WAIT_MS = 4000

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, SCRIPT]))
      .then(() => sw.skipWaiting()),
  )
})

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('merch-till-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => sw.clients.claim()),
  )
})

/** The network's answer within the wait, else null. */
async function fromNetwork(request: Request): Promise<Response | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NETWORK_WAIT_MS))
  const answer = fetch(request).catch(() => null)
  return Promise.race([answer, timeout])
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(CACHE)
  const answer = await fromNetwork(request)
  if (answer?.ok) {
    await cache.put(key, answer.clone())
    return answer
  }
  // A refusal (a revoked or ended link) is the page's to show, never hidden behind a kept copy.
  if (answer && answer.status >= 400 && answer.status < 500) return answer
  const kept = await cache.match(key)
  if (!kept) return answer ?? Response.error()
  // Marked, so the page knows the network did not answer.
  const headers = new Headers(kept.headers)
  headers.set('X-Till-Kept', '1')
  return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers })
}

async function keptThenRefreshed(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const kept = await cache.match(SCRIPT)
  const refreshed = fetch(request)
    .then(async (answer) => {
      if (answer.ok) await cache.put(SCRIPT, answer.clone())
      return answer
    })
    .catch(() => null)
  return kept ?? (await refreshed) ?? Response.error()
}

sw.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== sw.location.origin) return
  if (request.mode === 'navigate' && url.pathname.startsWith('/till/')) {
    event.respondWith(networkFirst(request, SHELL))
  } else if (url.pathname === SCRIPT) {
    event.respondWith(keptThenRefreshed(request))
  } else if (/^\/api\/till\/[^/]+\/catalog$/.test(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname))
  }
})
