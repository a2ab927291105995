import { PageHeader } from '../../components/ui/page-header.tsx'
import { NewsList } from '../../features/publishing/components/news-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/news'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'News',
    description: 'The news items of the public site, drafts included.',
    path: paths.admin.news,
    noIndex: true,
  })

/** The news items, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminNewsPage() {
  return (
    <>
      <PageHeader
        title="News"
        lead="Write news for the public site. A draft is seen only here until it is published."
      />
      <section className="section">
        <div className="container">
          <NewsList />
        </div>
      </section>
    </>
  )
}
