import { PageHeader } from '../../components/ui/page-header.tsx'
import { AwaitingSignaturesPanel } from '../../features/credit/components/awaiting-signatures.tsx'
import { CreditApplicationsList } from '../../features/credit/components/credit-applications-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/credit-applications'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Credit Applications',
    description: 'Applications for credit submitted online, with their signed PDFs.',
    path: paths.admin.creditApplications,
    noIndex: true,
  })

/** Credit applications, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminCreditApplicationsPage() {
  return (
    <>
      <PageHeader
        title="Credit Applications"
        lead="Applications for credit from the website. Open one to record a decision, or download its signed PDF."
      />
      <section className="section">
        <div className="container">
          <AwaitingSignaturesPanel />
          <CreditApplicationsList />
        </div>
      </section>
    </>
  )
}
