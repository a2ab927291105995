import { PageHeader } from '../../components/ui/page-header.tsx'
import { AccountsList } from '../../features/customer-accounts/components/accounts-list.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/accounts'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Accounts',
    description: 'The customer accounts by number, with their credit limit and hold.',
    path: paths.admin.accounts,
    noIndex: true,
  })

/** The customer accounts, admin only through routes/admin/layout.tsx (RequireAdmin). */
export default function AdminAccountsPage() {
  return (
    <>
      <PageHeader
        title="Accounts"
        lead="Every customer account an approved credit application opened: its limit, terms and hold."
      />
      <section className="section">
        <div className="container">
          <AccountsList />
        </div>
      </section>
    </>
  )
}
