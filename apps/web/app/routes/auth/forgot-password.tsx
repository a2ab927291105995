import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel, GuestLink } from '../../features/auth/components/auth-panel.tsx'
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx'
import { HYDRATE_ON_INTERACTION } from '../../lib/hydration.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/forgot-password'

/** A visitor who only reads the page runs no app code: the form's app loads on the first interaction (ADR 011, ADR 026). */
export const handle = HYDRATE_ON_INTERACTION

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
