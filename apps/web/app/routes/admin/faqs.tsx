import { PageHeader } from '../../components/ui/page-header.tsx'
import { FaqsList } from '../../features/publishing/components/faqs-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/faqs'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'FAQs',
    description: 'The questions and answers of the public FAQ page, in their order.',
    path: paths.admin.faqs,
    noIndex: true,
  })

/** The FAQ, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFaqsPage() {
  return (
    <>
      <PageHeader
        title="FAQs"
        lead="The questions of the FAQ page, by category, in the order the page shows them. Changes show within a few seconds."
      />
      <section className="section">
        <div className="container">
          <FaqsList />
        </div>
      </section>
    </>
  )
}
