import { PageHeader } from '../../components/ui/page-header.tsx'
import { NewsEditor } from '../../features/publishing/components/news-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/news-item'

export const meta: Route.MetaFunction = (args) => {
  const id = recordIdOf(args.params)
  return routeMeta(args, {
    title: id === null ? 'New News Item' : 'Edit News Item',
    description: 'Write, preview and publish a news item.',
    path: id === null ? paths.admin.newsNew : paths.admin.newsItem(id),
    noIndex: true,
  })
}

/** A news item's editor, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminNewsItemPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title={id === null ? 'New News Item' : 'Edit News Item'} />
      <section className="section">
        <div className="container">
          <NewsEditor key={id ?? 'new'} id={id} />
        </div>
      </section>
    </>
  )
}
