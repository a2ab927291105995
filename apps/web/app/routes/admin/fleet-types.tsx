import { PageHeader } from '../../components/ui/page-header.tsx'
import { FleetTabs } from '../../features/fleet/components/fleet-tabs.tsx'
import { TypesList } from '../../features/fleet/components/types-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/fleet-types'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Equipment Types',
    description: 'The equipment types the business hires out, with their rates.',
    path: paths.admin.fleet.types,
    noIndex: true,
  })

/** The equipment types, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetTypesPage() {
  return (
    <>
      <PageHeader title="Equipment Types" lead="What the business hires out, with its rates before GST." />
      <section className="section">
        <div className="container">
          <FleetTabs current="types" />
          <TypesList />
        </div>
      </section>
    </>
  )
}
