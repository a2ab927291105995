import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx'
import { EmailChangeLink } from '../../features/auth/components/email-change-link.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/cancel-email-change'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Cancel Email Change',
    description: 'Stop a change of the email address of your Signalway Traffic Hire account.',
    path: paths.cancelEmailChange,
    noIndex: true,
  })

export default function CancelEmailChangePage() {
  return (
    <>
      <PageHeader title="Cancel Email Change" lead="Your account keeps its email address." />
      <AuthPanel>
        <EmailChangeLink action="cancel" />
      </AuthPanel>
    </>
  )
}
