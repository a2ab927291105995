import { PageHeader } from '../../components/ui/page-header.tsx'
import { NewUnit } from '../../features/fleet/components/unit-new.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/fleet-unit-new'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'New Fleet Unit',
    description: 'Add a unit to the fleet by its fleet number.',
    path: paths.admin.fleet.unitNew,
    noIndex: true,
  })

/** Adding a unit, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetUnitNewPage() {
  return (
    <>
      <PageHeader title="New Fleet Unit" />
      <section className="section">
        <div className="container">
          <NewUnit />
        </div>
      </section>
    </>
  )
}
