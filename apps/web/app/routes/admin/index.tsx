import { Link } from 'react-router'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { DashboardCounts } from '../../features/dashboard/components/dashboard-counts.tsx'
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
 * The admin landing page (requirements §2), the dashboard: what waits for staff, as counts linking
 * to their lists, then a grid of link cards, one per admin area (the requirements' Manage Users first). An area adds
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
  {
    to: paths.admin.bookings,
    title: 'Bookings',
    text: 'Booking requests to confirm, deliveries and collections.',
  },
  {
    to: paths.admin.undeliveredMail,
    title: 'Undelivered mail',
    text: 'Emails that could not be delivered, to send again.',
  },
]

export default function AdminIndexPage() {
  return (
    <>
      <PageHeader
        title="Admin"
        lead="Users, enquiries and credit applications: the day's work in one place."
      />
      <section className="section">
        <div className="container admin-dashboard">
          <DashboardCounts />
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
        </div>
      </section>
    </>
  )
}
