import { PageHeader } from '../../components/ui/page-header.tsx'
import { InvoicesList } from '../../features/billing/components/invoices-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/invoices'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Invoices',
    description: 'Every invoice with its status and amount owing, the billing run and the exports.',
    path: paths.admin.invoices,
    noIndex: true,
  })

/** Every invoice, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminInvoicesPage() {
  return (
    <>
      <PageHeader
        title="Invoices"
        lead="Tax invoices issued by the billing run, newest first, with what is still owing on each."
      />
      <section className="section">
        <div className="container">
          <InvoicesList />
        </div>
      </section>
    </>
  )
}
