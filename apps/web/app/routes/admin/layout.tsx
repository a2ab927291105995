import { Outlet } from 'react-router'
import { RequireAdmin } from '../../features/auth/guards.tsx'

/** Admin routes: only for member type 3, checked once the profile has loaded. */
export default function AdminLayout() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  )
}
