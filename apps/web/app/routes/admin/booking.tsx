import { BOOKING_ADMIN_MESSAGES } from '@signalway/shared/bookings-admin'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { BookingPage } from '../../features/bookings-admin/components/booking-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/booking'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Booking',
    description: 'A booking with its account, site, units and what staff do next.',
    path: paths.admin.booking(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** One booking, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminBookingPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title="Booking" />
      <section className="section">
        <div className="container">
          {id === null ? (
            <p className="inbox__empty">{BOOKING_ADMIN_MESSAGES.notFound}</p>
          ) : (
            <BookingPage key={id} id={id} />
          )}
        </div>
      </section>
    </>
  )
}
