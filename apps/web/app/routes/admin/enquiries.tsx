import { PageHeader } from '../../components/ui/page-header.tsx'
import { EnquiryInbox } from '../../features/enquiries/components/enquiry-inbox.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/enquiries'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Enquiries',
    description: 'Contact messages and quote requests sent to Signalway Traffic Hire.',
    path: paths.admin.enquiries,
    noIndex: true,
  })

/** The enquiries inbox, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminEnquiriesPage() {
  return (
    <>
      <PageHeader
        title="Enquiries"
        lead="Messages and quote requests from the website. Open one to reply, or to mark where it is up to."
      />
      <section className="section">
        <div className="container">
          <EnquiryInbox />
        </div>
      </section>
    </>
  )
}
