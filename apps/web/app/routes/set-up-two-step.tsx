import { Link, useNavigate } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { AuthPanel } from '../features/auth/components/auth-panel.tsx'
import { TotpSetup } from '../features/auth/components/totp-setup.tsx'
import { useReturnLocation } from '../features/auth/guards.tsx'
import { useAuth } from '../lib/auth-context.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/set-up-two-step'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Set Up Two-Step Sign-In',
    description: 'Set up an authenticator app for your Signalway Traffic Hire account.',
    path: paths.setUpTwoStep,
    noIndex: true,
  })

/**
 * Where an administrator without a second factor is taken after the password step (issue 14): nothing
 * else answers them until an authenticator app is set up. Then on to where they were going.
 */
export default function SetUpTwoStepPage() {
  const navigate = useNavigate()
  const returnTo = useReturnLocation()
  const { secondFactorSetupRequired, secondFactorSetUp } = useAuth()
  return (
    <>
      <PageHeader
        title="Set Up Two-Step Sign-In"
        lead={
          secondFactorSetupRequired
            ? 'Administrators sign in with a password and a code from an authenticator app. Set up the app now to continue.'
            : 'Sign in with a password and a code from an authenticator app.'
        }
      />
      <AuthPanel
        footer={
          <p>
            Not now? <Link to={paths.logout}>Log out</Link>
          </p>
        }
      >
        <TotpSetup
          autoStart={secondFactorSetupRequired}
          level={2}
          onDone={() => {
            secondFactorSetUp()
            navigate(returnTo, { replace: true })
          }}
        />
      </AuthPanel>
    </>
  )
}
