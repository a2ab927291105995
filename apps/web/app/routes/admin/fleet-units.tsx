import { PageHeader } from '../../components/ui/page-header.tsx'
import { FleetTabs } from '../../features/fleet/components/fleet-tabs.tsx'
import { UnitsList } from '../../features/fleet/components/units-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/fleet-units'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Fleet',
    description: 'The units of the fleet by fleet number, with their status and next service.',
    path: paths.admin.fleet.units,
    noIndex: true,
  })

/** The fleet's units, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetUnitsPage() {
  return (
    <>
      <PageHeader
        title="Fleet"
        lead="Every unit by fleet number: where it lives, its status and its next service."
      />
      <section className="section">
        <div className="container">
          <FleetTabs current="units" />
          <UnitsList />
        </div>
      </section>
    </>
  )
}
