import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { AccountPage } from '../../features/customer-accounts/components/account-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/account'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Account',
    description: 'A customer account with its details, credit limit, hold, members and sites.',
    path: paths.admin.account(recordIdOf(args.params) ?? ''),
    noIndex: true,
  })

/** A customer account's page, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminAccountPage({ params }: Route.ComponentProps) {
  const id = recordIdOf(params)
  return (
    <>
      <PageHeader title="Account" />
      <section className="section">
        <div className="container">
          {id === null ? (
            <p className="inbox__empty">{CUSTOMER_ACCOUNT_MESSAGES.notFound}</p>
          ) : (
            <AccountPage key={id} id={id} />
          )}
        </div>
      </section>
    </>
  )
}
