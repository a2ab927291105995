import { PageHeader } from '../../components/ui/page-header.tsx'
import { UpdateUserEditor } from '../../features/users/components/user-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/update-user'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Update User',
    description: 'Update the details of a Signalway Traffic Hire user.',
    path: paths.admin.updateUser(args.params.id ?? ''),
    noIndex: true,
  })

/** /admin/update-user/:id: the user form in update mode (the id in the route). */
export default function AdminUpdateUserPage({ params }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Update User" lead="Edit the details and member type of an existing user." />
      <section className="section">
        <div className="container">
          <UpdateUserEditor key={params.id} id={params.id} />
        </div>
      </section>
    </>
  )
}
