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

/**
 * The admin landing page (SPEC.md §2): a grid of link cards, one per admin area. An area adds
 * its card here: a path, a title and one line about it.
 */
const ADMIN_CARDS: readonly { to: string; title: string; text: string }[] = [
  {
    to: paths.admin.manageUsers,
    title: 'Manage Users',
    text: 'List, filter, create, edit and delete users.',
  },
  { to: paths.admin.enquiries, title: 'Enquiries', text: 'Contact messages and quote requests.' },
  {
    to: paths.admin.creditApplications,
    title: 'Credit applications',
    text: 'Applications for credit and their signed PDFs.',
  },
]

export default function AdminIndexPage() {
  return (
    <SimplePage title="Admin" lead="Users, enquiries and credit applications: the day's work in one place.">
      <ul className="admin-cards">
        {ADMIN_CARDS.map((card) => (
          <li key={card.to} className="admin-card">
            <Link to={card.to} className="admin-card__link">
              <span className="admin-card__title">{card.title}</span>
              <span className="admin-card__text">{card.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </SimplePage>
  )
}
