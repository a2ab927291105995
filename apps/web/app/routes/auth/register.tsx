import { PageHeader } from '../../components/ui/page-header.tsx'
import { AuthPanel, GuestLink } from '../../features/auth/components/auth-panel.tsx'
import { RegisterForm } from '../../features/auth/components/register-form.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/register'

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
