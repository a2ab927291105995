/*
 * The previous page inside the app, for "return to the previous page" after signing in (requirements §2).
 * document.referrer is stale after client-side navigation and empty after a typed address, so every
 * page records itself in this tab's session storage as it is shown: the React app on each route
 * change, the enhancement script on the static pages. The login page then reads the page before it.
 */

const KEY = 'signalway.pages'

function read(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
  } catch {
    return []
  }
}

const KEPT = 10

/** Records the page now shown (path and query); the last few are kept, newest last. */
export function rememberPage(path: string): void {
  if (typeof window === 'undefined') return
  const pages = read()
  if (pages.at(-1) === path) return
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...pages, path].slice(-KEPT)))
  } catch {
    // Storage full or blocked: the return location falls back to the home page.
  }
}

/** The pages this tab showed, newest last (the page now shown included). */
export function recentPages(): string[] {
  return typeof window === 'undefined' ? [] : read()
}
