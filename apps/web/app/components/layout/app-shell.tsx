import { type ReactNode, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { rememberPage } from '../../lib/last-page.ts'
import { AdminShell, isAdminPath } from './admin-shell.tsx'
import { CallBar } from './call-bar.tsx'
import { isRunsPath, RunsShell } from './runs-shell.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx'

/**
 * The page frame: skip link, header, main#main, footer (the admin area and the drivers' app have their own:
 * admin-shell.tsx, runs-shell.tsx). After a client-side route change
 * focus moves to the main content (screen readers start at the new page); the window is
 * scrolled to the top by <ScrollRestoration> for new locations. `callBar`: this page's route shows the
 * phone-only call bar (call-bar-routes.ts; the root decides, as it marks the document for it).
 */
export function AppShell({ children, callBar = false }: { children: ReactNode; callBar?: boolean }) {
  const location = useLocation()
  const mainRef = useRef<HTMLElement>(null)
  const lastPathname = useRef(location.pathname)

  // The page now shown, for "back to the previous page" after signing in.
  useEffect(() => {
    rememberPage(location.pathname + location.search)
  }, [location.pathname, location.search])

  useEffect(() => {
    if (lastPathname.current === location.pathname) return
    lastPathname.current = location.pathname
    mainRef.current?.focus({ preventScroll: true })
  }, [location.pathname])

  if (isAdminPath(location.pathname)) return <AdminShell mainRef={mainRef}>{children}</AdminShell>
  if (isRunsPath(location.pathname)) return <RunsShell mainRef={mainRef}>{children}</RunsShell>
  return (
    <div className="app">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className="site-main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      {callBar && <CallBar />}
    </div>
  )
}
