import { Outlet } from 'react-router'
import { RequireAuth } from '../features/auth/guards.tsx'

/**
 * Private routes: signed-in users only; others go to /login/?return-url=<this page>. The area is at least as tall
 * as the screen below the header, so that the footer starts below it while the sign-in is checked and the page's
 * content loads: content that arrives later does not push it (no layout shift, issue 18).
 */
export default function PrivateLayout() {
  return (
    <div className="private-area">
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    </div>
  )
}
