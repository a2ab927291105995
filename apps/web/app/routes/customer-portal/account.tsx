import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { BookEquipmentLink } from '../../features/bookings/components/booking-list.tsx'
import { AccountDetails } from '../../features/customer-portal/components/account-details.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/account'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Customer Account',
    description: 'Your customer account with Signalway Traffic Hire: its credit, terms and billing.',
    path: paths.myCustomerAccount.account(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's Account page, for its members (signed in through routes/private-layout.tsx). */
export default function CustomerAccountPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  if (id === null)
    return <SimplePage title="Customer Account">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="account">
      {(account) => (
        <>
          <BookEquipmentLink account={account} />
          <AccountDetails account={account} />
        </>
      )}
    </PortalFrame>
  )
}
