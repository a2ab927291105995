import { type ReactNode, useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { type FromState, useAuth } from '../../lib/auth-context.ts'
import { isAdmin } from '../../lib/is-admin.ts'
import { recentPages } from '../../lib/last-page.ts'
import { paths, RETURN_URL_PARAM } from '../../lib/paths.ts'
import { resolveReturnLocation } from './return-location.ts'

function Checking() {
  return (
    <div className="container section">
      <p className="guard-status" role="status">
        Checking your sign-in…
      </p>
    </div>
  )
}

/**
 * Private routes (requirements §2): signed-out visitors go to the login page, which remembers
 * where they came from in `?return-url=`. Nothing private renders until signed in. A private shell page
 * (`shell`, ADR 028) renders while the sign-in is checked (the server's render and the hydration's): it shows
 * no one's data until then.
 */
export function RequireAuth({ children, shell = false }: { children: ReactNode; shell?: boolean }) {
  const { status, secondFactorSetupRequired } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  // An administrator without a second factor sets one up before any other private page.
  const setUpFirst = secondFactorSetupRequired && !isSetUpPage(location.pathname)

  useEffect(() => {
    const here = location.pathname + location.search
    if (status === 'signedOut') navigate(paths.loginWithReturn(here), { replace: true })
    else if (status === 'signedIn' && setUpFirst)
      navigate(paths.setUpTwoStepWithReturn(here), { replace: true })
  }, [status, setUpFirst, location.pathname, location.search, navigate])

  if (shell && status === 'loading') return children
  return status === 'signedIn' && !setUpFirst ? children : <Checking />
}

function isSetUpPage(pathname: string): boolean {
  return pathname.replace(/\/?$/, '/') === paths.setUpTwoStep
}

/** Admin pages wait for the profile, then send anyone whose member type is not 3 home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, profile } = useAuth()
  const navigate = useNavigate()
  const allowed = status === 'signedIn' && isAdmin(profile)

  useEffect(() => {
    if (status === 'signedIn' && !isAdmin(profile)) navigate(paths.home, { replace: true })
  }, [status, profile, navigate])

  return allowed ? children : <Checking />
}

/** Where a signed-in user goes from login/register/forgot/reset: return-url, else previous page, else home (staff: ADR 035). */
export function useReturnLocation(): string {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const { profile } = useAuth()
  const from = (location.state as FromState | null)?.from
  return resolveReturnLocation({
    returnUrl: searchParams.get(RETURN_URL_PARAM),
    from,
    recent: recentPages(),
    staff: isAdmin(profile),
  })
}

/** Pages for signed-out visitors only; signed-in users are sent to the return location. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status, secondFactorSetupRequired } = useAuth()
  const navigate = useNavigate()
  const returnTo = useReturnLocation()

  useEffect(() => {
    if (status !== 'signedIn') return
    // After the password step an administrator without a second factor sets one up first.
    navigate(secondFactorSetupRequired ? paths.setUpTwoStepWithReturn(returnTo) : returnTo, { replace: true })
  }, [status, secondFactorSetupRequired, returnTo, navigate])

  return children
}
