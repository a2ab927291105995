import { StatusPage } from '../../components/ui/status-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/maintenance'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Maintenance',
    description: 'Signalway Traffic Hire cannot be reached right now.',
    path: paths.pages.maintenance,
    noIndex: true,
  })

/** Shown when the internet connection dropped or the site is down for maintenance. */
export default function MaintenancePage() {
  return (
    <StatusPage
      code="Offline"
      title="We can't reach the server"
      actions={
        <a className="button button--primary" href={paths.home}>
          Try again
        </a>
      }
    >
      <p>
        Either your internet connection has dropped or the site is down for maintenance. Please check your
        connection and try again in a few minutes.
      </p>
    </StatusPage>
  )
}
