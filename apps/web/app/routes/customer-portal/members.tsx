import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { MembersSection } from '../../features/customer-portal/components/members-section.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/members'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Members',
    description: "Your customer account's members and invitations with Signalway Traffic Hire.",
    path: paths.myCustomerAccount.members(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's members and open invitations, for its Account admins (signed in through routes/private-layout.tsx). */
export default function CustomerAccountMembersPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  if (id === null) return <SimplePage title="Members">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="members">
      {(account) => <MembersSection account={account} />}
    </PortalFrame>
  )
}
