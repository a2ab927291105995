import { PageHeader } from '../../components/ui/page-header.tsx'
import { UndeliveredMail } from '../../features/enquiries/components/undelivered-mail.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/undelivered-mail'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Undelivered Mail',
    description: 'Mail from the website that could not be delivered.',
    path: paths.admin.undeliveredMail,
    noIndex: true,
  })

/** The outbox's failed mail on a page of its own: the dashboard's count links here. */
export default function AdminUndeliveredMailPage() {
  return (
    <>
      <PageHeader
        title="Undelivered Mail"
        lead="Emails the website could not deliver after every retry. Send one again once the cause is fixed."
      />
      <section className="section">
        <div className="container">
          <UndeliveredMail />
        </div>
      </section>
    </>
  )
}
