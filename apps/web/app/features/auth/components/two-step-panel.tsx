import {
  type RemoveSecondFactor,
  removeSecondFactorSchema,
  type SecondFactorStatus,
} from '@signalway/shared/auth'
import { MESSAGES } from '@signalway/shared/messages'
import { useCallback, useEffect, useId, useState } from 'react'
import { FormActions, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { isAdmin, useAuth } from '../../../lib/auth-context.ts'
import { getSecondFactorStatus, removeSecondFactor } from '../api/second-factor.ts'
import { AuthForm, useAccountErrors } from './auth-form.tsx'
import { PasswordField } from './password-field.tsx'
import { TotpSetup } from './totp-setup.tsx'

export interface TwoStepPanelProps {
  load?: () => Promise<SecondFactorStatus>
  remove?: (values: RemoveSecondFactor) => Promise<void>
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; status: SecondFactorStatus }

/**
 * Two-step sign-in in the profile's Security section (issue 14): turn on an authenticator app, see how many
 * recovery codes are left, and turn it off again with the current password. Administrators keep it on.
 */
export function TwoStepPanel({
  load = getSecondFactorStatus,
  remove = removeSecondFactor,
}: TwoStepPanelProps) {
  const notify = useNotify()
  const { profile } = useAuth()
  const headingId = useId()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })

  const refresh = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', status: await load() })
    } catch {
      setLoaded({ state: 'failed' })
      notify.error(MESSAGES.twoStepLoadFailed)
    }
  }, [load, notify])

  useEffect(() => {
    void refresh()
  }, [refresh])

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
        <p className="sessions__status">
          {MESSAGES.twoStepLoadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void refresh()}>
            Try again
          </button>
        </p>
      ) : null}
      {loaded.state === 'ready' && loaded.status.totp ? (
        <>
          <p className="two-step__state">
            <span className="sessions__badge">On</span> You sign in with your password and a code from your
            authenticator app. {recoveryCodesLeftText(loaded.status.recoveryCodesLeft)}
          </p>
          {isAdmin(profile) ? (
            <p className="two-step__note">
              Administrators always sign in with two steps. If you lose your phone, sign in with a recovery
              code, or ask another administrator to reset your two-step sign-in.
            </p>
          ) : (
            <TurnOffForm
              remove={remove}
              onRemoved={() => {
                notify.success(MESSAGES.twoStepOff)
                void refresh()
              }}
            />
          )}
        </>
      ) : null}
      {loaded.state === 'ready' && !loaded.status.totp ? (
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

function TurnOffForm({
  remove,
  onRemoved,
}: {
  remove: (values: RemoveSecondFactor) => Promise<void>
  onRemoved: () => void
}) {
  const notify = useNotify()
  const form = useZodForm(removeSecondFactorSchema, { defaultValues: { currentPassword: '' } })
  const errors = useAccountErrors(form)

  const onSubmit = async (values: RemoveSecondFactor) => {
    errors.clear()
    try {
      await remove(values)
    } catch (error) {
      errors.show(error)
      notify.error(failureMessage(error, MESSAGES.twoStepRemoveFailed))
      return
    }
    onRemoved()
  }

  return (
    <AuthForm
      title="Turn off two-step sign-in"
      level={4}
      form={form}
      onSubmit={onSubmit}
      alert={errors.alert}
      requiredNote={false}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Turning off…" variant="primary">
            Turn Off
          </SubmitButton>
        </FormActions>
      }
    >
      <PasswordField
        name="currentPassword"
        label="Current Password"
        autoComplete="current-password"
        required
      />
    </AuthForm>
  )
}
