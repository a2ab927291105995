import { PageHeader } from '../../components/ui/page-header.tsx'
import { FaqEditor } from '../../features/publishing/components/faq-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/faq'

export const meta: Route.MetaFunction = (args) => {
  const id = recordIdOf(args.params)
  return routeMeta(args, {
    title: id === null ? 'New Question' : 'Edit Question',
    description: 'Write, preview and save a question of the FAQ.',
    path: id === null ? paths.admin.faqNew : paths.admin.faq(id),
    noIndex: true,
  })
}

/** A question's editor, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFaqPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title={id === null ? 'New Question' : 'Edit Question'} />
      <section className="section">
        <div className="container">
          <FaqEditor key={id ?? 'new'} id={id} />
        </div>
      </section>
    </>
  )
}
