import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel, GuestLink } from '../../features/auth/components/auth-panel.tsx'
import { LoginForm } from '../../features/auth/components/login-form.tsx'
import { HYDRATE_ON_INTERACTION } from '../../lib/hydration.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/login'

/** A visitor who only reads the page runs no app code: the form's app loads on the first interaction (ADR 011, ADR 026). */
export const handle = HYDRATE_ON_INTERACTION

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Login',
    description: 'Log in to your Signalway Traffic Hire account.',
    path: paths.login,
  })

export default function LoginPage() {
  return (
    <>
      <PageHeader
        title="Login"
        lead="Welcome back. Log in to keep your details up to date and apply for credit."
      />
      <AuthPanel
        footer={
          <p>
            Not yet registered? <GuestLink to={paths.register}>Register Now</GuestLink>
          </p>
        }
      >
        <LoginForm />
      </AuthPanel>
    </>
  )
}
