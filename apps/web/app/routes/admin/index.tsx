import { Link } from 'react-router'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Admin',
    description: 'Signalway Traffic Hire administration.',
    path: paths.admin.index,
    noIndex: true,
  })

export default function AdminIndexPage() {
  return (
    <SimplePage title="Admin" lead="Administration tools for managing the users of the site.">
      <ul className="link-grid">
        <li>
          <Link to={paths.admin.manageUsers}>Manage Users</Link>
        </li>
      </ul>
    </SimplePage>
  )
}
