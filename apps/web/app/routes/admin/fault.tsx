import { FAULT_MESSAGES } from '@signalway/shared/faults'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { FaultPage } from '../../features/faults/components/fault-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/fault'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Fault',
    description: 'A fault report with its unit, reporter, photo and location.',
    path: paths.admin.fault(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** One fault report, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFaultPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title="Fault" />
      <section className="section">
        <div className="container">
          {id === null ? (
            <p className="inbox__empty">{FAULT_MESSAGES.notFound}</p>
          ) : (
            <FaultPage key={id} id={id} />
          )}
        </div>
      </section>
    </>
  )
}
