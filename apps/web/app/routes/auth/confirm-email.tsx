import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx'
import { EmailChangeLink } from '../../features/auth/components/email-change-link.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/confirm-email'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Confirm Email Address',
    description: 'Confirm the email address of your Signalway Traffic Hire account.',
    path: paths.confirmEmail,
    noIndex: true,
  })

export default function ConfirmEmailPage() {
  return (
    <>
      <PageHeader
        title="Confirm Email Address"
        lead="Your account's email address, confirmed from the link we sent to it."
      />
      <AuthPanel>
        <EmailChangeLink action="confirm" />
      </AuthPanel>
    </>
  )
}
