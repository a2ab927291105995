import { PageHeader } from '../../components/ui/page-header.tsx'
import { AcceptInvitationFlow } from '../../features/auth/components/accept-invitation.tsx'
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/accept-invitation'

/** The page carries the link's token in its address: no cache keeps it. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Set Your Password',
    description: 'Choose the password of the Signalway Traffic Hire account we opened for you.',
    path: paths.acceptInvitation,
    noIndex: true,
  })

export default function AcceptInvitationPage() {
  return (
    <>
      <PageHeader
        title="Set Your Password"
        lead="We have opened an account for you. Choose its password with the link we emailed you."
      />
      <AuthPanel>
        <AcceptInvitationFlow />
      </AuthPanel>
    </>
  )
}
