import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { MyInvoicesSection } from '../../features/billing/components/my-invoices.tsx'
import { PortalFrame } from '../../features/customer-portal/components/portal-frame.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/invoices'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Invoices',
    description:
      'Your customer account’s invoices, adjustment notes and statements from Signalway Traffic Hire.',
    path: paths.myCustomerAccount.invoices(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's invoices for its Account admins and Accounts (signed in through routes/private-layout.tsx). */
export default function CustomerAccountInvoicesPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  if (id === null) return <SimplePage title="Invoices">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</SimplePage>
  return (
    <PortalFrame key={id} id={id} section="invoices">
      {(account) => <MyInvoicesSection account={account} />}
    </PortalFrame>
  )
}
