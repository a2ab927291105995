import { Link, useLocation } from 'react-router'
import { type FromState, useAuth } from '../../lib/auth-context.ts'
import { paths } from '../../lib/paths.ts'

/**
 * Login (signed out only) or Logout (signed in only). Until the browser knows the auth
 * state (server render, hydration, profile fetch) a fixed-size empty slot is rendered,
 * so neither item flashes and nothing shifts.
 */
export function AuthLinks() {
  const { status } = useAuth()
  const location = useLocation()

  let content = <span className="auth-slot__placeholder" aria-hidden="true" />
  if (status === 'signedOut') {
    const state: FromState = { from: location.pathname + location.search }
    content = (
      <Link className="button button--outline-light button--sm" to={paths.login} state={state}>
        Login
      </Link>
    )
  } else if (status === 'signedIn') {
    content = (
      <Link className="button button--outline-light button--sm" to={paths.logout}>
        Logout
      </Link>
    )
  }
  return <span className="auth-slot">{content}</span>
}
