import { useEffect } from 'react'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { useAuth } from '../../lib/auth-context.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/logout'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Logout',
    description: 'Log out of your Signalway Traffic Hire account.',
    path: paths.logout,
    noIndex: true,
  })

/** Clears the stored sign-in data, then reloads the app on the home page (requirements §2). */
export default function LogoutPage() {
  const { signOut } = useAuth()
  useEffect(() => {
    signOut()
  }, [signOut])
  return <SimplePage title="Logout" lead="Logging you out and taking you back to the home page." />
}
