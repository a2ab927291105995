import { PageHeader } from '../../components/ui/page-header.tsx'
import { BookingsList } from '../../features/bookings-admin/components/bookings-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/bookings'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Bookings',
    description: 'Booking requests to confirm or decline, and the bookings on hire.',
    path: paths.admin.bookings,
    noIndex: true,
  })

/** The bookings inbox, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminBookingsPage() {
  return (
    <>
      <PageHeader
        title="Bookings"
        lead="New requests first: confirm or decline them, then deliver and collect the units."
      />
      <section className="section">
        <div className="container">
          <BookingsList />
        </div>
      </section>
    </>
  )
}
