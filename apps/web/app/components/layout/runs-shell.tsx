import type { ReactNode, Ref } from 'react'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { useOnline } from '../../lib/use-online.ts'
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx'

/** The drivers' app's name, as its manifest gives it (public/runs/manifest.webmanifest). */
export const RUNS_APP_NAME = 'Signalway Runs'

/** Whether a path is in the drivers' app, which has its own frame. */
export function isRunsPath(pathname: string): boolean {
  return pathname === '/runs' || pathname.startsWith(paths.runs)
}

/**
 * The drivers' app's frame (ADR 050), made for a phone held in a truck's cab or in the sun: the app's name, Logout
 * and, across the screen, whether the phone has coverage, in large high-contrast type; no marketing band, footer or
 * call bar. The line keeps its height whatever it says, so nothing moves when the signal comes and goes.
 */
export function RunsShell({ children, mainRef }: { children: ReactNode; mainRef: Ref<HTMLElement> }) {
  const online = useOnline()
  return (
    <div className="app runs-shell">
      <SkipLink />
      <header className="runs-header">
        <div className="runs-header__inner">
          <Link to={paths.runs} className="runs-header__brand">
            <img src="/runs/icon-192.png" width={32} height={32} alt="" className="runs-header__icon" />
            <span>{RUNS_APP_NAME}</span>
          </Link>
          <Link to={paths.logout} className="button button--outline-light runs-header__logout">
            Logout
          </Link>
        </div>
        <p className={online ? 'runs-signal' : 'runs-signal runs-signal--offline'} role="status">
          <span className="runs-signal__dot" aria-hidden="true" />
          {online ? 'Online' : 'No coverage: dockets are kept on this phone'}
        </p>
      </header>
      <main id={MAIN_CONTENT_ID} className="runs-main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
