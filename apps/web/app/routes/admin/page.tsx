import { PageHeader } from '../../components/ui/page-header.tsx'
import { PageEditor } from '../../features/publishing/components/page-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/page'

/** The page's name from /admin/pages/edit/<name>, or null for /admin/pages/new. */
function nameOf(params: Route.ComponentProps['params']): string | null {
  const name = '*' in params ? (params['*'] ?? '') : ''
  return name.replace(/^\/+|\/+$/g, '') || null
}

export const meta: Route.MetaFunction = (args) => {
  const name = nameOf(args.params)
  return routeMeta(args, {
    title: name === null ? 'New Page' : 'Edit Page',
    description: 'Write, preview and save a content page.',
    path: name === null ? paths.admin.pageNew : paths.admin.page(name),
    noIndex: true,
  })
}

/** A content page's editor, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminPageEditorPage({ params }: Route.ComponentProps) {
  const name = nameOf(params)
  return (
    <>
      <PageHeader title={name === null ? 'New Page' : 'Edit Page'} />
      <section className="section">
        <div className="container">
          <PageEditor key={name ?? 'new'} name={name} />
        </div>
      </section>
    </>
  )
}
