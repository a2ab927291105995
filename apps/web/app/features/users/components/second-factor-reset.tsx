import { MESSAGES, type UserDetail, userDisplayName } from '@signalway/shared'
import { useEffect, useId, useRef, useState } from 'react'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { resetSecondFactor } from '../api/reset-second-factor.ts'

export interface SecondFactorResetProps {
  user: UserDetail
  reset?: (id: string) => Promise<void>
  onReset: () => void
}

/**
 * The user's two-step sign-in on the Update User page: an administrator resets it for someone
 * who lost their phone and their recovery codes, after saying yes to what that does. Not for oneself.
 */
export function SecondFactorReset({ user, reset = resetSecondFactor, onReset }: SecondFactorResetProps) {
  const notify = useNotify()
  const { profile } = useAuth()
  const headingId = useId()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const askRef = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (asking) confirmRef.current?.focus()
    else if (wasAsking.current) askRef.current?.focus()
    wasAsking.current = asking
  }, [asking])

  const own = profile?.id === user.id
  const confirm = async () => {
    setBusy(true)
    try {
      await reset(user.id)
    } catch (error) {
      notify.error(failureMessage(error, MESSAGES.twoStepResetFailed))
      setBusy(false)
      return
    }
    setBusy(false)
    setAsking(false)
    notify.success(MESSAGES.twoStepReset(userDisplayName(user)))
    onReset()
  }

  return (
    <section className="user-editor__two-step" aria-labelledby={headingId}>
      <h3 id={headingId}>Two-step sign-in</h3>
      {user.secondFactor ? (
        <>
          <p>On: {userDisplayName(user)} signs in with a password and a code from an authenticator app.</p>
          {own ? (
            <p>You manage your own two-step sign-in from the Security section of your profile.</p>
          ) : asking ? (
            <div className="user-editor__confirm">
              <p>
                This removes their authenticator app and recovery codes, signs them out everywhere and emails
                them. Do it only when you are sure it is them asking. Reset it?
              </p>
              <div className="form-actions">
                <button
                  ref={confirmRef}
                  type="button"
                  className="button button--danger"
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => void confirm()}
                >
                  Yes, Reset
                </button>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={busy}
                  onClick={() => setAsking(false)}
                >
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <button
              ref={askRef}
              type="button"
              className="button button--outline"
              onClick={() => setAsking(true)}
            >
              Reset Two-Step Sign-In
            </button>
          )}
        </>
      ) : (
        <p>Off: {userDisplayName(user)} signs in with a password only.</p>
      )}
    </section>
  )
}
