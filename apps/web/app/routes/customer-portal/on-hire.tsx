import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { OnHireSection } from '../../features/on-hire/on-hire-section.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/on-hire'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'On hire',
    description: 'What your customer account has on hire with Signalway Traffic Hire.',
    path: paths.myCustomerAccount.onHire(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** What a customer account has on hire, for its members (signed in through routes/private-layout.tsx). */
export default function CustomerAccountOnHirePage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  if (id === null) return <SimplePage title="On hire">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="on-hire">
      {(account) => <OnHireSection account={account} />}
    </PortalFrame>
  )
}
