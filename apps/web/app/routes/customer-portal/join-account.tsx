import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx'
import { JoinAccount } from '../../features/customer-portal/components/join-account.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/join-account'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Join a Customer Account',
    description: 'Join a customer account with Signalway Traffic Hire from the link you were sent.',
    path: paths.joinAccount,
    noIndex: true,
  })

/** The emailed link of an account invitation (public: the token is the credential, joining needs signing in). */
export default function JoinAccountPage() {
  return (
    <>
      <PageHeader title="Join a Customer Account" lead="The customer account you were invited to." />
      <AuthPanel>
        <JoinAccount />
      </AuthPanel>
    </>
  )
}
