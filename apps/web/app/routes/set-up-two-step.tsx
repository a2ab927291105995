import { Link, useNavigate } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { AuthPanel } from '../features/auth/components/auth-panel.tsx'
import { AddPasskeyForm } from '../features/auth/components/passkey-panel.tsx'
import { TotpSetup } from '../features/auth/components/totp-setup.tsx'
import { usePasskeySupport } from '../features/auth/components/use-passkey-support.ts'
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
 * Where an administrator without a second factor is taken after the password step: nothing
 * else answers them until an authenticator app (or a passkey) is set up. Then on to where they were going.
 */
export default function SetUpTwoStepPage() {
  const navigate = useNavigate()
  const returnTo = useReturnLocation()
  const { secondFactorSetupRequired, secondFactorSetUp } = useAuth()
  const passkeys = usePasskeySupport()
  const done = () => {
    secondFactorSetUp()
    navigate(returnTo, { replace: true })
  }
  return (
    <>
      <PageHeader
        title="Set Up Two-Step Sign-In"
        lead={
          secondFactorSetupRequired
            ? 'Administrators sign in with a password and a second step: a code from an authenticator app, or a passkey. Set one up now to continue.'
            : 'Sign in with a password and a code from an authenticator app, or a passkey.'
        }
      />
      <AuthPanel
        footer={
          <p>
            Not now? <Link to={paths.logout}>Log out</Link>
          </p>
        }
      >
        <TotpSetup autoStart={secondFactorSetupRequired} level={2} onDone={done} />
      </AuthPanel>
      {passkeys ? (
        <AuthPanel>
          <AddPasskeyForm title="Or use a passkey instead" level={2} onAdded={done} />
        </AuthPanel>
      ) : null}
    </>
  )
}
