import { Link, useLocation } from 'react-router'
import { type FromState, useAuth } from '../../lib/auth-context.ts'
import { isAdmin } from '../../lib/is-admin.ts'
import { paths } from '../../lib/paths.ts'

/**
 * Login (signed out only), or for a signed-in user a link to their account with their first name, an
 * "Admin" link for administrators, and Logout. Until the browser knows the auth state (server render,
 * hydration, profile fetch) a fixed-size empty slot is rendered, so nothing flashes and nothing shifts.
 */
export function AuthLinks() {
  const { status, profile } = useAuth()
  const location = useLocation()

  if (status === 'signedIn') {
    const firstName = profile?.firstName.trim() || 'Your account'
    return (
      <span className="auth-slot auth-slot--signed-in">
        <Link className="topbar__account" to={paths.myAccount}>
          <span className="visually-hidden">Your account, </span>
          <span className="topbar__account-name">{firstName}</span>
        </Link>
        {isAdmin(profile) ? (
          <Link className="button button--outline-light button--sm" to={paths.admin.index}>
            Admin
          </Link>
        ) : null}
        <Link className="button button--outline-light button--sm" to={paths.logout}>
          Logout
        </Link>
      </span>
    )
  }
  if (status === 'signedOut') {
    const state: FromState = { from: location.pathname + location.search }
    return (
      <span className="auth-slot">
        <Link className="button button--outline-light button--sm" to={paths.login} state={state}>
          Login
        </Link>
      </span>
    )
  }
  return (
    <span className="auth-slot">
      <span className="auth-slot__placeholder" aria-hidden="true" />
    </span>
  )
}
