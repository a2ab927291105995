import { PageHeader } from '../../components/ui/page-header.tsx'
import { TypeEditor } from '../../features/fleet/components/type-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/fleet-type'

export const meta: Route.MetaFunction = (args) => {
  const id = recordIdOf(args.params)
  return routeMeta(args, {
    title: id === null ? 'New Equipment Type' : 'Edit Equipment Type',
    description: 'An equipment type with its rates and minimum hire.',
    path: id === null ? paths.admin.fleet.typeNew : paths.admin.fleet.type(id),
    noIndex: true,
  })
}

/** An equipment type's editor, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminFleetTypePage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title={id === null ? 'New Equipment Type' : 'Edit Equipment Type'} />
      <section className="section">
        <div className="container">
          <TypeEditor key={id ?? 'new'} id={id} />
        </div>
      </section>
    </>
  )
}
