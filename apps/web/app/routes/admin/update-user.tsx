import { SimplePage } from '../../components/ui/page-header.tsx'
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

export default function AdminUpdateUserPage() {
  return <SimplePage title="Update User" lead="Edit the details and member type of an existing user." />
}
