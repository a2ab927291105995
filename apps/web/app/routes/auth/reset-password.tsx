import { PageHeader } from '../../components/ui/page-header.tsx'
import { checkResetLink } from '../../features/auth/api/reset-link.server.ts'
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx'
import { ResetPasswordFlow } from '../../features/auth/components/reset-password-form.tsx'
import { HYDRATE_ON_INTERACTION } from '../../lib/hydration.ts'
import { internalApiContext } from '../../lib/internal-api.server.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/reset-password'

/**
 * The link is checked as the page is rendered, which then holds the form or the invalid text: a visitor who
 * only reads it runs no app code, and the app loads on the first interaction (ADR 027). The enhancement script
 * takes the token out of the address bar at once.
 */
export const handle = HYDRATE_ON_INTERACTION

export async function loader({ request, context }: Route.LoaderArgs) {
  return { checked: await checkResetLink(context.get(internalApiContext), new URL(request.url).search) }
}

/** The page carries the link's token (in the loader's data): no cache keeps it. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Reset Password',
    description: 'Choose a new password for your Signalway Traffic Hire account.',
    path: paths.resetPassword,
    noIndex: true,
  })

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Reset Password"
        lead="Choose a new password for your account with the link we emailed you."
      />
      <AuthPanel>
        <ResetPasswordFlow checked={loaderData.checked} />
      </AuthPanel>
    </>
  )
}
