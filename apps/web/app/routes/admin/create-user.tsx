import { SimplePage } from '../../components/ui/page-header.tsx'
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

export default function AdminCreateUserPage() {
  return <SimplePage title="Create a User" lead="Create a new user account and choose its member type." />
}
