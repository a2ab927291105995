import { useMatches } from 'react-router'

/**
 * Pages that are not hydrated (ADR 008). A route opts out with `export const handle = STATIC_PAGE`:
 * its document then carries neither React Router's scripts nor their module preloads, only the
 * small enhancement script of `app/enhance` (navigation, carousels, sign-in state, consent banner),
 * and its links are ordinary full page loads. Everything else hydrates as before.
 */
export interface PageHandle {
  /** false: the document is served without React Router's scripts. */
  hydrate?: boolean
}

export const STATIC_PAGE = { hydrate: false } as const satisfies PageHandle

/** Whether a document with these route matches hydrates: unless one of them opts out. */
export function matchesHydrate(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false)
}

/**
 * For the root layout: whether the document loads React Router's scripts. In the browser the app is
 * running, so its document did: it keeps them (and its scroll restoration) whatever page a
 * client-side navigation goes to, including one that opts out when it is loaded as a document.
 */
export function useDocumentHydrates(): boolean {
  const matches = useMatches()
  return typeof document !== 'undefined' || matchesHydrate(matches)
}
