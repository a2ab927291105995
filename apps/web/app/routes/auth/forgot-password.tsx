import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel, GuestLink } from '../../features/auth/components/auth-panel.tsx'
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Forgot Password',
    description: 'Start resetting the password of your Signalway Traffic Hire account.',
    path: paths.forgotPassword,
    noIndex: true,
  })

export default function ForgotPasswordPage() {
  return (
    <>
      <PageHeader
        title="Forgot Password"
        lead="Enter your email address and we will send you a link to reset your password."
      />
      <AuthPanel
        footer={
          <p>
            Remembered it? <GuestLink to={paths.login}>Login Now</GuestLink>
          </p>
        }
      >
        <ForgotPasswordForm />
      </AuthPanel>
    </>
  )
}
