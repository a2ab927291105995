import { PageHeader } from '../../components/ui/page-header.tsx'
import { ManageUsers } from '../../features/users/components/manage-users.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/manage-users'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Manage Users',
    description: 'List, filter, edit and delete Signalway Traffic Hire users.',
    path: paths.admin.manageUsers,
    noIndex: true,
  })

/** /admin/manage-users/ (requirements §2), admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminManageUsersPage() {
  return (
    <>
      <PageHeader title="Manage Users" lead="Find, filter, edit and delete the users of the site." />
      <section className="section">
        <div className="container">
          <ManageUsers />
        </div>
      </section>
    </>
  )
}
