import { Link, useLocation } from 'react-router'
import { StatusPage } from '../../components/ui/status-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/error-403'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Access Denied',
    description: 'You are not allowed to access this page.',
    path: paths.pages.error403,
    noIndex: true,
  })

/** Shown after a 403: the visitor tried to access something they are not allowed to. */
export default function Error403Page() {
  const state = useLocation().state as { message?: unknown } | null
  const message = typeof state?.message === 'string' ? state.message : undefined
  return (
    <StatusPage
      code="403"
      title="Access Denied"
      message={message}
      actions={
        <>
          <Link className="button button--primary" to={paths.home}>
            Go to the home page
          </Link>
          <Link className="button button--outline" to={paths.contactUs}>
            Contact Us
          </Link>
        </>
      }
    >
      <p>
        You tried to access something you are not allowed to. If you think you should have access, please
        contact the administrator.
      </p>
    </StatusPage>
  )
}
