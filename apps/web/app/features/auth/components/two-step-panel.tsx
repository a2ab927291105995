import type { RemoveSecondFactor, SecondFactorStatus } from '@signalway/shared/auth'
import { MESSAGES } from '@signalway/shared/messages'
import { useId, useState } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { isAdmin } from '../../../lib/is-admin.ts'
import { getSecondFactorStatus, removeSecondFactor, renewRecoveryCodes } from '../api/second-factor.ts'
import { PasswordForm } from './current-password-form.tsx'
import { RecoveryCodes, TotpSetup } from './totp-setup.tsx'

export interface TwoStepPanelProps {
  load?: () => Promise<SecondFactorStatus>
  remove?: (values: RemoveSecondFactor) => Promise<void>
  renew?: (values: RemoveSecondFactor) => Promise<string[]>
  /** False while the page does not yet know it may ask (the Security section shown before its app): loading. */
  active?: boolean
}

/**
 * Two-step sign-in in the profile's Security section: turn on an authenticator app, see how many
 * recovery codes are left, get new ones, and turn it off again with the current password. Administrators keep
 * it on.
 */
export function TwoStepPanel({
  load = getSecondFactorStatus,
  remove = removeSecondFactor,
  renew = renewRecoveryCodes,
  active = true,
}: TwoStepPanelProps) {
  const { profile } = useAuth()
  const headingId = useId()
  const { loaded, reload: refresh } = useLoaded(load, MESSAGES.twoStepLoadFailed, 0, active)

  return (
    <section
      className="two-step"
      aria-labelledby={headingId}
      aria-busy={loaded.state === 'loading' || undefined}
    >
      <h3 id={headingId} className="auth-panel__title">
        Two-step sign-in
      </h3>
      {loaded.state === 'loading' ? (
        <p className="sessions__status" role="status">
          Loading your two-step sign-in settings…
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <LoadFailed message={MESSAGES.twoStepLoadFailed} onRetry={refresh} />
      ) : null}
      {loaded.state === 'ready' && loaded.value.totp ? (
        <>
          <p className="two-step__state">
            <span className="sessions__badge">On</span> You sign in with your password and a code from your
            authenticator app. {recoveryCodesLeftText(loaded.value.recoveryCodesLeft)}
          </p>
          {isAdmin(profile) ? (
            <p className="two-step__note">
              Administrators always sign in with two steps. If you lose your phone, sign in with a recovery
              code, or ask another administrator to reset your two-step sign-in.
            </p>
          ) : null}
          <PasswordActions
            admin={isAdmin(profile)}
            renew={renew}
            remove={remove}
            onChanged={() => void refresh()}
          />
        </>
      ) : null}
      {loaded.state === 'ready' && !loaded.value.totp ? (
        <>
          <p className="two-step__state">
            Protect your account with a code from an authenticator app on your phone each time you sign in, as
            well as your password.
          </p>
          <TotpSetup onDone={() => void refresh()} />
        </>
      ) : null}
    </section>
  )
}

function recoveryCodesLeftText(count: number): string {
  if (count === 0) return 'You have no recovery codes left.'
  return count === 1 ? 'You have 1 recovery code left.' : `You have ${count} recovery codes left.`
}

type Action = 'codes' | 'off'

/**
 * "New Recovery Codes" and "Turn Off" (not for administrators): each asks for the current password in a
 * form of its own, opened by its button, one at a time. New codes are shown once, in place of the form.
 */
function PasswordActions({
  admin,
  renew,
  remove,
  onChanged,
}: {
  admin: boolean
  renew: (values: RemoveSecondFactor) => Promise<string[]>
  remove: (values: RemoveSecondFactor) => Promise<void>
  onChanged: () => void
}) {
  const notify = useNotify()
  const [open, setOpen] = useState<Action | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  if (codes)
    return (
      <RecoveryCodes
        codes={codes}
        level={4}
        onDone={() => {
          setCodes(null)
          onChanged()
        }}
      />
    )
  if (open)
    return (
      <PasswordForm
        key={open}
        title={open === 'codes' ? 'Get new recovery codes' : 'Turn off two-step sign-in'}
        submit={open === 'codes' ? 'Get New Codes' : 'Turn Off'}
        busy={open === 'codes' ? 'Making new codes…' : 'Turning off…'}
        failed={open === 'codes' ? MESSAGES.twoStepCodesFailed : MESSAGES.twoStepRemoveFailed}
        run={async (values) => {
          if (open === 'codes') setCodes(await renew(values))
          else {
            await remove(values)
            notify.success(MESSAGES.twoStepOff)
            onChanged()
          }
          setOpen(null)
        }}
        onCancel={() => setOpen(null)}
      />
    )
  return (
    <div className="form-actions">
      <button type="button" className="button button--outline" onClick={() => setOpen('codes')}>
        New Recovery Codes
      </button>
      {admin ? null : (
        <button type="button" className="button button--outline" onClick={() => setOpen('off')}>
          Turn Off
        </button>
      )}
    </div>
  )
}
