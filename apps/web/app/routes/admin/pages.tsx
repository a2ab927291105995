import { PageHeader } from '../../components/ui/page-header.tsx'
import { PagesList } from '../../features/publishing/components/pages-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/pages'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Pages',
    description: 'The content pages of the public site.',
    path: paths.admin.pages,
    noIndex: true,
  })

/** The content pages, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminPagesPage() {
  return (
    <>
      <PageHeader
        title="Pages"
        lead="The site's content pages, the privacy policy and the website terms. Changes show within a few seconds."
      />
      <section className="section">
        <div className="container">
          <PagesList />
        </div>
      </section>
    </>
  )
}
