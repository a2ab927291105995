import { PageHeader } from '../../components/ui/page-header.tsx'
import { CreditApplicationRecord } from '../../features/credit/components/credit-application-record.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/credit-application'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: `Credit Application ${args.params.reference}`,
    description: 'One application for credit: its decision, internal notes and history.',
    path: paths.admin.creditApplication(args.params.reference),
    noIndex: true,
  })

/** One credit application's record, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminCreditApplicationPage({ params }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={`Credit Application ${params.reference}`} />
      <section className="section">
        <div className="container">
          <CreditApplicationRecord reference={params.reference} />
        </div>
      </section>
    </>
  )
}
