import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { ActivitySection } from '../../features/customer-portal/components/activity-section.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/activity'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Activity',
    description: 'Who did what in your customer account with Signalway Traffic Hire, and when.',
    path: paths.myCustomerAccount.activity(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's own activity, for its Account admins (signed in through routes/private-layout.tsx). */
export default function CustomerAccountActivityPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  if (id === null) return <SimplePage title="Activity">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="activity">
      {(account) => <ActivitySection account={account} />}
    </PortalFrame>
  )
}
