import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { BookingList } from '../../features/bookings/components/booking-list.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/bookings'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Bookings',
    description: "Your customer account's bookings with Signalway Traffic Hire.",
    path: paths.myCustomerAccount.bookings(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's bookings, for its members (signed in through routes/private-layout.tsx). */
export default function CustomerAccountBookingsPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  if (id === null) return <SimplePage title="Bookings">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="bookings">
      {(account) => <BookingList account={account} />}
    </PortalFrame>
  )
}
