import { PageHeader } from '../../components/ui/page-header.tsx'
import { NewsEditor } from '../../features/publishing/components/news-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/news-item'

/** The id of /admin/news/:id, or null for /admin/news/new (and for anything that is not an id). */
function idOf(params: Route.ComponentProps['params']): number | null {
  const id = 'id' in params ? Number(params.id) : Number.NaN
  return Number.isInteger(id) && id > 0 ? id : null
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: idOf(args.params) === null ? 'New News Item' : 'Edit News Item',
    description: 'Write, preview and publish a news item.',
    path: idOf(args.params) === null ? paths.admin.newsNew : paths.admin.newsItem(idOf(args.params) ?? ''),
    noIndex: true,
  })

/** A news item's editor (issue 15), admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminNewsItemPage({ params }: Route.ComponentProps) {
  const id = idOf(params)
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
