import { PageHeader } from '../../components/ui/page-header.tsx'
import { DepotsList } from '../../features/fleet/components/depots-list.tsx'
import { FleetTabs } from '../../features/fleet/components/fleet-tabs.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/fleet-depots'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Depots',
    description: 'The depots with their delivery zones, fees and postcodes.',
    path: paths.admin.fleet.depots,
    noIndex: true,
  })

/** The depots and their delivery zones, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetDepotsPage() {
  return (
    <>
      <PageHeader
        title="Depots"
        lead="Each yard with its delivery zones: what delivering and collecting costs, and which postcodes are in each zone."
      />
      <section className="section">
        <div className="container">
          <FleetTabs current="depots" />
          <DepotsList />
        </div>
      </section>
    </>
  )
}
