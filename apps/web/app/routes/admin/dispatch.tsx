import { PageHeader } from '../../components/ui/page-header.tsx'
import { DispatchView } from '../../features/dispatch/components/dispatch-view.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/dispatch'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Dispatch',
    description: "A depot's deliveries and collections of a day, given to drivers and ordered into runs.",
    path: paths.admin.dispatch,
    noIndex: true,
  })

/** The dispatch board (ADR 050), admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminDispatchPage() {
  return (
    <>
      <PageHeader
        title="Dispatch"
        lead="Give each delivery and collection of the day to a driver, put their run in order, and save."
      />
      <section className="section">
        <div className="container">
          <DispatchView />
        </div>
      </section>
    </>
  )
}
