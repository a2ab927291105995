import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx'
import { ResetPasswordFlow } from '../../features/auth/components/reset-password-form.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Reset Password',
    description: 'Choose a new password for your Signalway Traffic Hire account.',
    path: paths.resetPassword,
    noIndex: true,
  })

export default function ResetPasswordPage() {
  return (
    <>
      <PageHeader
        title="Reset Password"
        lead="Choose a new password for your account with the link we emailed you."
      />
      <AuthPanel>
        <ResetPasswordFlow />
      </AuthPanel>
    </>
  )
}
