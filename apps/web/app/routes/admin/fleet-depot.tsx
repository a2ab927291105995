import { PageHeader } from '../../components/ui/page-header.tsx'
import { DepotZonesEditor } from '../../features/fleet/components/depot-zones-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/fleet-depot'

export const meta: Route.MetaFunction = (args) => {
  const id = recordIdOf(args.params)
  return routeMeta(args, {
    title: 'Edit Delivery Zones',
    description: 'A depot’s delivery zones with their fees and postcodes.',
    path: id === null ? paths.admin.fleet.depots : paths.admin.fleet.depot(id),
    noIndex: true,
  })
}

/** A depot's delivery zones editor, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetDepotPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title="Edit Delivery Zones" />
      <section className="section">
        <div className="container">
          {id === null ? (
            <p className="inbox__empty">Depot not found.</p>
          ) : (
            <DepotZonesEditor key={id} id={id} />
          )}
        </div>
      </section>
    </>
  )
}
