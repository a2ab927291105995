import { SimplePage } from '../../components/ui/page-header.tsx'
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
    <SimplePage
      title="Register"
      lead="Create an account to manage your profile and apply for credit online."
    />
  )
}
