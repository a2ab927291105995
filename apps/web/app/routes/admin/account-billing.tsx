import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { AccountBilling } from '../../features/billing/components/account-billing.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/account-billing'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Account billing',
    description: 'A customer account’s balance, ageing, invoices, payments and statements.',
    path: paths.admin.accountBilling(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's billing, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminAccountBillingPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title="Account billing" />
      <section className="section">
        <div className="container">
          {id === null ? (
            <p className="inbox__empty">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</p>
          ) : (
            <AccountBilling key={id} id={id} />
          )}
        </div>
      </section>
    </>
  )
}
