import { PageHeader } from '../../components/ui/page-header.tsx'
import { CreateUserEditor } from '../../features/users/components/user-editor.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/create-user'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Create User',
    description: 'Create a Signalway Traffic Hire user.',
    path: paths.admin.createUser,
    noIndex: true,
  })

/** /admin/create-user/: the user form in create mode (no id in the route). */
export default function AdminCreateUserPage() {
  return (
    <>
      <PageHeader title="Create a User" lead="Create a new user account and choose its member type." />
      <section className="section">
        <div className="container">
          <CreateUserEditor />
        </div>
      </section>
    </>
  )
}
