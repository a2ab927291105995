import { SimplePage } from '../../components/ui/page-header.tsx'
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

export default function AdminManageUsersPage() {
  return <SimplePage title="Manage Users" lead="Find, filter, edit and delete the users of the site." />
}
