/*
 * The page's side of the runs service worker (public/runs/sw.js, ADR 050): registering it for /runs/, telling it
 * what to keep for a run without coverage, and forgetting the driver's kept answers on sign-out.
 */

export const RUNS_WORKER_URL = '/runs/sw.js'
export const RUNS_SCOPE = '/runs/'
/** The cache of the driver's answers (the worker's ANSWERS): removed on sign-out. */
export const RUNS_ANSWERS_CACHE = 'runs-api-v1'
/** The files the runs pages show besides the app's own: the manifest's icons and the favicon. */
export const RUNS_FILES = [
  '/runs/manifest.webmanifest',
  '/runs/icon-192.png',
  '/runs/icon-512.png',
  '/images/icon.svg',
] as const

interface ManifestEntry {
  module?: unknown
  imports?: unknown
  css?: unknown
}

function entryFiles(entry: ManifestEntry | undefined): string[] {
  if (!entry) return []
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  return [...list([entry.module]), ...list(entry.imports), ...list(entry.css)]
}

/**
 * The app's files a page of this document may load: every module React Router's manifest knows now (the page's
 * routes and those its links discovered) and those the page has loaded already (chunks imported on the way).
 */
export function appFiles(win: Window): string[] {
  const manifest = (win as unknown as { __reactRouterManifest?: unknown }).__reactRouterManifest as
    | { entry?: ManifestEntry; routes?: Record<string, ManifestEntry> }
    | undefined
  const fromManifest = [
    ...entryFiles(manifest?.entry),
    ...Object.values(manifest?.routes ?? {}).flatMap((route) => entryFiles(route)),
  ]
  const loaded =
    typeof win.performance?.getEntriesByType === 'function'
      ? win.performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name, win.location.origin))
          .filter((url) => url.origin === win.location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname)
      : []
  return [...new Set([...fromManifest, ...loaded])]
}

/** Registers the worker for /runs/; nothing where the browser has none. */
export async function registerRunsWorker(nav: Navigator = navigator): Promise<void> {
  if (!('serviceWorker' in nav)) return
  try {
    await nav.serviceWorker.register(RUNS_WORKER_URL, { scope: RUNS_SCOPE })
  } catch (error) {
    console.warn('The runs service worker could not be registered.', error)
  }
}

/** Asks the worker to keep these addresses (pages and files) for a run without coverage, once it is active. */
export async function keepForOffline(urls: readonly string[], nav: Navigator = navigator): Promise<void> {
  if (!('serviceWorker' in nav)) return
  const registration = await nav.serviceWorker.getRegistration(RUNS_SCOPE)
  const worker = registration?.active ?? (await nav.serviceWorker.ready).active
  worker?.postMessage({ type: 'save', urls: [...new Set(urls)] })
}

/** Whether the worker answers this page's requests (and so keeps what it fetches). */
export function workerControls(nav: Navigator = navigator): boolean {
  return 'serviceWorker' in nav && nav.serviceWorker.controller !== null
}

/** Sign-out: the driver's kept answers (their run, their stops, their profile) go; the queued dockets stay. */
export async function forgetKeptAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return
  await caches.delete(RUNS_ANSWERS_CACHE)
}
