import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { SitesSection } from '../../features/customer-portal/components/sites-section.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/sites'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Sites',
    description: "Your customer account's job sites with Signalway Traffic Hire.",
    path: paths.myCustomerAccount.sites(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's job sites, for its members (signed in through routes/private-layout.tsx). */
export default function CustomerAccountSitesPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  if (id === null) return <SimplePage title="Sites">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="sites">
      {(account) => <SitesSection account={account} />}
    </PortalFrame>
  )
}
