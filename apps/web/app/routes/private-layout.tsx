import { Outlet } from 'react-router'
import { RequireAuth } from '../features/auth/guards.tsx'

/** Private routes: signed-in users only; others go to /login/?return-url=<this page>. */
export default function PrivateLayout() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  )
}
