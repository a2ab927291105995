import { PageHeader } from '../../components/ui/page-header.tsx'
import { FaultQueue } from '../../features/faults/components/fault-queue.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/faults'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Faults',
    description: 'Fault reports from the equipment labels: the on-call queue.',
    path: paths.admin.faults,
    noIndex: true,
  })

/** The on-call queue (ADR 049), admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFaultsPage() {
  return (
    <>
      <PageHeader title="Faults" lead="Reported from the QR labels on our units, 24/7. Open faults first." />
      <section className="section">
        <div className="container">
          <FaultQueue />
        </div>
      </section>
    </>
  )
}
