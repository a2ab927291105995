/*
 * The service worker of the drivers' app (ADR 050), scoped to /runs/: the run opens without coverage.
 *
 * - The runs pages: from the network, kept as they arrive; without coverage, the kept copy.
 * - The app's hashed files (/assets/): kept forever once fetched (their names change with their content).
 * - The driver's answers (GET /api/runs, /api/runs/stops/:id, their profile): from the network, kept with the time
 *   they were saved (the x-runs-saved-at header, which only a kept copy carries); without coverage, or after
 *   NETWORK_WAIT_MS on a weak signal, the kept copy. A 403 or 404 removes the kept copy.
 * - The page sends {type: 'save', urls} to keep what it will need offline before it is asked for (the stops' pages,
 *   the app's files).
 * Dockets are never sent through here: the page's own queue (IndexedDB) keeps them until the server has them.
 * Signing out removes the kept answers (the page deletes ANSWERS). Cache names: features/runs/offline.ts.
 */
const PAGES = 'runs-pages-v1'
const ASSETS = 'runs-assets-v1'
const ANSWERS = 'runs-api-v1'
const CACHES = [PAGES, ASSETS, ANSWERS]
const SAVED_AT = 'x-runs-saved-at'
const NETWORK_WAIT_MS = 6000
/** Past this many kept files, those the page no longer lists go. */
const ASSETS_KEPT = 150

const ANSWER_PATHS = [
  /^\/api\/runs\/?$/,
  /^\/api\/runs\/stops\/\d+\/?$/,
  /^\/api\/v1\/core\/accounts\/[^/]+\/profile\/settings$/,
]
const KEPT_FILES = [/^\/runs\/[\w.-]+\.(?:png|svg|webmanifest)$/, /^\/images\/icon\.svg$/]

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting())
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('runs-') && !CACHES.includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  const path = url.pathname
  if (request.mode === 'navigate') {
    if (path === '/runs' || path.startsWith('/runs/')) event.respondWith(page(request))
    return
  }
  if (path.startsWith('/assets/')) event.respondWith(keptFirst(request, ASSETS))
  else if (path === '/__manifest') event.respondWith(networkFirst(request, PAGES, { anySearch: true }))
  else if (ANSWER_PATHS.some((pattern) => pattern.test(path)))
    event.respondWith(networkFirst(request, ANSWERS, { stamp: true }))
  else if (KEPT_FILES.some((pattern) => pattern.test(path))) event.respondWith(networkFirst(request, PAGES))
})

self.addEventListener('message', (event) => {
  const data = event.data
  if (data && data.type === 'save' && Array.isArray(data.urls)) event.waitUntil(save(data.urls.map(String)))
})

/** Waits for `promise` at most `ms` (never when ms is Infinity). */
function within(promise, ms) {
  if (ms === Number.POSITIVE_INFINITY) return promise
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The network is too slow.')), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** A copy of `response` that says when it was saved. */
async function stamped(response) {
  const headers = new Headers(response.headers)
  headers.set(SAVED_AT, new Date().toISOString())
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

async function networkFirst(request, cacheName, { stamp = false, anySearch = false } = {}) {
  const cache = await caches.open(cacheName)
  const kept =
    (await cache.match(request, { ignoreVary: true })) ??
    (anySearch ? await cache.match(request, { ignoreVary: true, ignoreSearch: true }) : undefined)
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic')
      await cache.put(request, stamp ? await stamped(response.clone()) : response.clone())
    else if (response.status === 403 || response.status === 404)
      await cache.delete(request, { ignoreVary: true })
    return response
  })
  try {
    return await within(fromNetwork, kept ? NETWORK_WAIT_MS : Number.POSITIVE_INFINITY)
  } catch (error) {
    if (kept) return kept
    throw error
  }
}

async function keptFirst(request, cacheName) {
  const cache = await caches.open(cacheName)
  const kept = await cache.match(request, { ignoreVary: true })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone())
  return response
}

async function page(request) {
  try {
    return await networkFirst(request, PAGES, { anySearch: true })
  } catch {
    return notKept()
  }
}

/** Without coverage, a page the phone has not kept: says so, and links to the run (kept when it was opened). */
function notKept() {
  const html =
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>No coverage | Signalway Runs</title><style>body{font:18px/1.5 system-ui,sans-serif;margin:0;padding:24px;background:#fff;color:#1f2933}' +
    'h1{font-size:1.5rem;color:#0b1a2b}a{display:inline-block;min-height:44px;padding:10px 16px;background:#0b1a2b;color:#fff;border-radius:6px;text-decoration:none}</style></head>' +
    '<body><main><h1>No coverage</h1><p>This page is not saved on this phone. Your run is.</p><p><a href="/runs/">Open my run</a></p></main></body></html>'
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
  })
}

/** Keeps what the page lists: the app's files once, the pages (and others) afresh. */
async function save(urls) {
  const pages = await caches.open(PAGES)
  const assets = await caches.open(ASSETS)
  const listed = new Set()
  for (const raw of urls) {
    const url = new URL(raw, self.location.origin)
    if (url.origin !== self.location.origin) continue
    listed.add(url.href)
    const asset = url.pathname.startsWith('/assets/')
    const cache = asset ? assets : pages
    if (asset && (await cache.match(url.href))) continue
    try {
      const response = await fetch(url.href, { credentials: 'same-origin' })
      if (response.ok && response.type === 'basic') await cache.put(url.href, response)
    } catch {
      // No coverage now: the next page load lists them again.
    }
  }
  const keys = await assets.keys()
  if (keys.length > ASSETS_KEPT)
    await Promise.all(keys.filter((key) => !listed.has(key.url)).map((key) => assets.delete(key)))
}
