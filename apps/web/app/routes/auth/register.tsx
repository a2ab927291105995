import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel, GuestLink } from '../../features/auth/components/auth-panel.tsx'
import { RegisterForm } from '../../features/auth/components/register-form.tsx'
import { HYDRATE_ON_INTERACTION } from '../../lib/hydration.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/register'

/** A visitor who only reads the page runs no app code: the form's app loads on the first interaction (ADR 011, ADR 026). */
export const handle = HYDRATE_ON_INTERACTION

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Register',
    description: 'Create a Signalway Traffic Hire account.',
    path: paths.register,
  })

export default function RegisterPage() {
  return (
    <>
      <PageHeader
        title="Register"
        lead="Create an account to manage your profile and apply for credit online."
      />
      <AuthPanel
        wide
        footer={
          <p>
            Already have an account? <GuestLink to={paths.login}>Login Now</GuestLink>
          </p>
        }
      >
        <RegisterForm />
      </AuthPanel>
    </>
  )
}
