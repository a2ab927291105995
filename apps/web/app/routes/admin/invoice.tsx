import { INVOICE_MESSAGES } from '@signalway/shared/invoices'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { InvoicePage } from '../../features/billing/components/invoice-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/invoice'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Invoice',
    description: 'A tax invoice as issued, its adjustment notes and the payments allocated to it.',
    path: paths.admin.invoice(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** One invoice, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminInvoicePage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title="Invoice" />
      <section className="section">
        <div className="container">
          {id === null ? (
            <p className="inbox__empty">{INVOICE_MESSAGES.notFound}</p>
          ) : (
            <InvoicePage key={id} id={id} />
          )}
        </div>
      </section>
    </>
  )
}
