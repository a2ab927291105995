import { BOOKING_MESSAGES } from '@signalway/shared/bookings'
import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { BookingView } from '../../features/bookings/components/booking-detail.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/booking'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Booking',
    description: 'A booking on your customer account with Signalway Traffic Hire.',
    path: paths.myCustomerAccount.booking(
      recordIdOf(args.params) ?? '',
      recordIdOf({ id: args.params.bookingId }) ?? '',
    ),
    noIndex: true,
  })

/** One booking of a customer account, for its members (signed in through routes/private-layout.tsx). */
export default function CustomerAccountBookingPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  const bookingId = recordIdOf({ id: params.bookingId })
  if (id === null) return <SimplePage title="Booking">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  if (bookingId === null) return <SimplePage title="Booking">{BOOKING_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="bookings">
      {(account) => <BookingView key={bookingId} account={account} bookingId={bookingId} />}
    </PortalFrame>
  )
}
