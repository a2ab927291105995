import { Outlet } from 'react-router'
import { GuestOnly } from '../../features/auth/guards.tsx'

/** Login, register, forgot and reset password: signed-in users go to the return location. */
export default function GuestLayout() {
  return (
    <GuestOnly>
      <Outlet />
    </GuestOnly>
  )
}
