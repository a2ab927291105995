import { useMatches } from 'react-router'
import { hydratesOnInteraction, type PrivateShell } from './hydration-handover.ts'

/**
 * How a page's document gets its JavaScript (ADR 008, ADR 011). A route chooses with its handle:
 *
 * - `STATIC_PAGE`: the document carries neither React Router's scripts nor their module preloads,
 *   only the small enhancement script of `app/enhance` (navigation, carousels, sign-in state,
 *   consent banner); its links are ordinary full page loads.
 * - `HYDRATE_ON_INTERACTION`: the document carries React Router's scripts inert, and the
 *   enhancement script starts them on the visitor's first interaction (pointer, touch, key,
 *   focus); until then it works the header as on a static page, and keeps what is typed, clicked
 *   and submitted for the app (`enhance/on-interaction.ts`).
 * - anything else hydrates at once.
 */
export interface PageHandle {
  /** false: no React Router scripts; 'on-interaction': loaded on the first interaction. */
  hydrate?: boolean | 'on-interaction'
  /**
   * A private page rendered, on the server and until the sign-in is known, as it looks signed in but without
   * anyone's data: its enhancement script fills it in and it hydrates on the first interaction (ADR 028, ADR 030).
   * Names the page for the script.
   */
  privateShell?: PrivateShell
}

export const STATIC_PAGE = { hydrate: false } as const satisfies PageHandle

export const HYDRATE_ON_INTERACTION = { hydrate: 'on-interaction' } as const satisfies PageHandle

export function privateShellPage<Shell extends PrivateShell>(shell: Shell) {
  return { hydrate: 'on-interaction', privateShell: shell } as const satisfies PageHandle
}

/** Which private shell this page is (`privateShellPage`), if one. */
export function usePrivateShell(): PrivateShell | undefined {
  const matches = useMatches()
  for (const match of matches) {
    const shell = (match.handle as PageHandle | undefined)?.privateShell
    if (shell) return shell
  }
  return undefined
}

/** 'app': React Router's scripts; 'enhance': the enhancement script only; 'app-on-interaction': both, the first starting the second. */
export type DocumentScripts = 'app' | 'enhance' | 'app-on-interaction'

/** The scripts of a document with these route matches: a static route wins, then on-interaction. */
export function documentScripts(matches: readonly { handle?: unknown }[]): DocumentScripts {
  const choices = matches.map((match) => (match.handle as PageHandle | undefined)?.hydrate)
  if (choices.includes(false)) return 'enhance'
  if (choices.includes('on-interaction')) return 'app-on-interaction'
  return 'app'
}

let browserDocumentScripts: DocumentScripts | undefined

/**
 * For the root layout: which scripts the document renders. In the browser the app is running, so
 * its document loaded React Router's scripts, at once or (its enhancement script says so) on the
 * first interaction; it renders them the same way, for hydration, whatever page a client-side
 * navigation goes to.
 */
export function useDocumentScripts(): DocumentScripts {
  const matches = useMatches()
  if (typeof document === 'undefined') return documentScripts(matches)
  browserDocumentScripts ??= hydratesOnInteraction(document) ? 'app-on-interaction' : 'app'
  return browserDocumentScripts
}
