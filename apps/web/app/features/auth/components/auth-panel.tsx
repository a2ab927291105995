import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { cx } from '../../../components/form/index.ts'
import type { FromState } from '../../../lib/auth-context.ts'
import { RETURN_URL_PARAM } from '../../../lib/paths.ts'

/** The white card that holds a login, register, forgot or reset form, centred under the page header. */
export function AuthPanel({
  children,
  wide = false,
  footer,
}: {
  children: ReactNode
  /** Two-column forms (register, profile). */
  wide?: boolean
  /** The links under the card ('Not yet registered? Register Now'). */
  footer?: ReactNode
}) {
  return (
    <section className="section auth-section">
      <div className="container">
        <div className={cx('auth-panel', wide && 'auth-panel--wide')}>{children}</div>
        {footer ? (
          <div className={cx('auth-panel__footer', wide && 'auth-panel__footer--wide')}>{footer}</div>
        ) : null}
      </div>
    </section>
  )
}

/**
 * A link between the guest pages that keeps where the visitor is to return to: the query
 * (return-url) and the previous page (location state).
 */
export function GuestLink({
  to,
  className,
  children,
}: {
  to: string
  className?: string
  children: ReactNode
}) {
  const location = useLocation()
  const state = location.state as FromState | null
  return (
    <Link to={{ pathname: to, search: returnSearch(location.search) }} state={state} className={className}>
      {children}
    </Link>
  )
}

/** Only the return-url survives between guest pages (a reset token must not). */
function returnSearch(search: string): string {
  const value = new URLSearchParams(search).get(RETURN_URL_PARAM)
  return value ? `?${new URLSearchParams({ [RETURN_URL_PARAM]: value }).toString()}` : ''
}
