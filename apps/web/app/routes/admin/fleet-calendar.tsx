import { PageHeader } from '../../components/ui/page-header.tsx'
import { FleetCalendarView } from '../../features/fleet/components/fleet-calendar.tsx'
import { FleetTabs } from '../../features/fleet/components/fleet-tabs.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/fleet-calendar'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Fleet Calendar',
    description: "A depot's month: free and total units of each type per day.",
    path: paths.admin.fleet.calendar,
    noIndex: true,
  })

/** The depot month calendar, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetCalendarPage() {
  return (
    <>
      <PageHeader
        title="Fleet Calendar"
        lead="For each type and day at a depot: the units free for the whole day, of those not retired."
      />
      <section className="section">
        <div className="container">
          <FleetTabs current="calendar" />
          <FleetCalendarView />
        </div>
      </section>
    </>
  )
}
