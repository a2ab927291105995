import { Outlet } from 'react-router'
import { RequireAuth } from '../features/auth/guards.tsx'
import { usePrivateShell } from '../lib/hydration.ts'
import { PRIVATE_SHELL_ATTRIBUTE } from '../lib/hydration-handover.ts'

/**
 * Private routes: signed-in users only; others go to /login/?return-url=<this page>. The area is at least as tall
 * as the screen below the header, so that the footer starts below it while the sign-in is checked and the page's
 * content loads: content that arrives later does not push it (no layout shift). A private shell page
 * (ADR 028, ADR 030) renders its page while the sign-in is checked, marked with its name for its enhancement script.
 */
export default function PrivateLayout() {
  const shell = usePrivateShell()
  return (
    <div className="private-area" {...(shell ? { [PRIVATE_SHELL_ATTRIBUTE]: shell } : {})}>
      <RequireAuth shell={shell !== undefined}>
        <Outlet />
      </RequireAuth>
    </div>
  )
}
