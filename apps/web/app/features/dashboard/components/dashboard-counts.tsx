import { type AdminDashboard, RECENT_USERS_DAYS } from '@signalway/shared/admin-dashboard'
import { useId } from 'react'
import { Link } from 'react-router'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { getDashboard } from '../api/get-dashboard.ts'

export const DASHBOARD_LOAD_FAILED = 'Unable to load the dashboard.'

/** The counts the dashboard shows, in order: room is kept for each while they load. */
const COUNT_KEYS = ['enquiries', 'credit', 'bookings', 'collections', 'mail', 'users', 'faults'] as const

interface Count {
  key: string
  value: number
  /** What is counted, singular and plural. */
  label: [one: string, many: string]
  to: string
  /** Drawn in the signal colour when there is something to act on. */
  urgent?: boolean
}

/** The dashboard's counts as links to the lists they count, filtered the same way. */
export function countsOf(dashboard: AdminDashboard): Count[] {
  const { from, to } = dashboard.recentUsers
  return [
    {
      key: 'enquiries',
      value: dashboard.newEnquiries,
      label: ['new enquiry', 'new enquiries'],
      to: `${paths.admin.enquiries}?status=new`,
    },
    {
      key: 'credit',
      value: dashboard.creditAwaitingDecision,
      label: ['credit application awaiting a decision', 'credit applications awaiting a decision'],
      to: `${paths.admin.creditApplications}?status=awaiting_decision`,
    },
    {
      key: 'bookings',
      value: dashboard.bookingsRequested,
      label: ['booking request to confirm', 'booking requests to confirm'],
      to: `${paths.admin.bookings}?status=requested`,
    },
    {
      key: 'collections',
      value: dashboard.collectionsToSchedule,
      label: ['collection to schedule', 'collections to schedule'],
      to: paths.admin.bookingCollections,
    },
    {
      key: 'mail',
      value: dashboard.undeliveredMail,
      label: ['undelivered email', 'undelivered emails'],
      to: paths.admin.undeliveredMail,
      urgent: dashboard.undeliveredMail > 0,
    },
    {
      key: 'users',
      value: dashboard.recentUsers.count,
      label: [
        `user registered in the last ${RECENT_USERS_DAYS} days`,
        `users registered in the last ${RECENT_USERS_DAYS} days`,
      ],
      to: `${paths.admin.manageUsers}?${new URLSearchParams({ from, to })}`,
    },
    {
      key: 'faults',
      value: dashboard.openFaults,
      label:
        dashboard.medianAcknowledgeMinutes === null
          ? ['open fault', 'open faults']
          : [
              `open fault; median ${dashboard.medianAcknowledgeMinutes} min to acknowledge this week`,
              `open faults; median ${dashboard.medianAcknowledgeMinutes} min to acknowledge this week`,
            ],
      to: paths.admin.faults,
      urgent: dashboard.openFaults > 0,
    },
  ]
}

/**
 * What waits for staff: new enquiries, credit applications to decide, booking requests to confirm, collections
 * to schedule, undelivered mail, the week's new users and open faults. Space is kept for the figures while they load, so
 * nothing moves when they arrive.
 */
export function DashboardCounts({ load = getDashboard }: { load?: () => Promise<AdminDashboard> }) {
  const headingId = useId()
  const { loaded, reload } = useLoaded(load, DASHBOARD_LOAD_FAILED)
  return (
    <section
      className="dashboard"
      aria-labelledby={headingId}
      aria-busy={loaded.state === 'loading' || undefined}
    >
      <h2 id={headingId} className="dashboard__title">
        Waiting for you
      </h2>
      {loaded.state === 'failed' ? (
        <p className="dashboard__status">
          {DASHBOARD_LOAD_FAILED}{' '}
          <button type="button" className="link-button" onClick={() => void reload()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="dashboard__counts">
          {loaded.state === 'ready'
            ? countsOf(loaded.value).map((count) => (
                <li key={count.key}>
                  <Link
                    to={count.to}
                    className={`dashboard__count${count.urgent ? ' dashboard__count--urgent' : ''}`}
                  >
                    <span className="dashboard__figure">{count.value}</span>
                    <span className="dashboard__label">{count.label[count.value === 1 ? 0 : 1]}</span>
                  </Link>
                </li>
              ))
            : COUNT_KEYS.map((slot) => (
                <li key={slot} aria-hidden="true">
                  <span className="dashboard__count dashboard__count--loading" />
                </li>
              ))}
        </ul>
      )}
    </section>
  )
}
