import { FLEET_MESSAGES } from '@signalway/shared/fleet'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { UnitPage } from '../../features/fleet/components/unit-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/fleet-unit'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Fleet Unit',
    description: 'A unit of the fleet with its service history.',
    path: paths.admin.fleet.unit(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A unit's page, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetUnitPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title="Fleet Unit" />
      <section className="section">
        <div className="container">
          {id === null ? (
            <p className="inbox__empty">{FLEET_MESSAGES.unitNotFound}</p>
          ) : (
            <UnitPage key={id} id={id} />
          )}
        </div>
      </section>
    </>
  )
}
