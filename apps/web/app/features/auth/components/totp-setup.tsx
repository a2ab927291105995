import {
  type CurrentPassword,
  type TotpConfirm,
  type TotpSetup as TotpSetupData,
  totpConfirmSchema,
} from '@signalway/shared/auth'
import { MESSAGES } from '@signalway/shared/messages'
import { SITE } from '@signalway/shared/site'
import { useEffect, useId, useRef, useState } from 'react'
import { FormActions, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { saveBlob } from '../../../lib/save-blob.ts'
import { confirmTotp, startTotp } from '../api/second-factor.ts'
import { AuthForm, useAccountErrors } from './auth-form.tsx'
import { AuthenticatorCodeField } from './code-field.tsx'
import { PasswordForm } from './current-password-form.tsx'

export interface TotpSetupProps {
  /**
   * Ask for the current password at once (the set-up page an administrator is taken to) instead of behind a
   * button; the step cannot be cancelled there.
   */
  autoStart?: boolean
  /** The heading level of the steps: 2 on a page of its own, 3 inside the Security section. */
  level?: 2 | 3
  /** After the recovery codes were saved. */
  onDone: () => void
  /** Needs the current password: a stolen access token alone must not put its own app on the account. */
  start?: (values: CurrentPassword) => Promise<TotpSetupData>
  confirm?: (code: string) => Promise<string[]>
}

type Step =
  | { step: 'idle' }
  | { step: 'password' }
  | { step: 'scan'; setup: TotpSetupData }
  | { step: 'codes'; codes: string[] }

/**
 * Setting up an authenticator app (RFC 6238): the current password, a QR code and the same key to type, a
 * first code that proves the app works, then ten recovery codes, shown this once (download them or write them
 * down).
 */
export function TotpSetup({
  autoStart = false,
  level = 3,
  onDone,
  start = startTotp,
  confirm = confirmTotp,
}: TotpSetupProps) {
  const notify = useNotify()
  const [state, setState] = useState<Step>({ step: autoStart ? 'password' : 'idle' })

  if (state.step === 'password')
    return (
      <PasswordForm
        title="Set up your authenticator app"
        level={level}
        intro="First, enter your password: it shows that it is you setting up the app."
        submit="Continue"
        busy="Starting…"
        failed={MESSAGES.twoStepStartFailed}
        run={async (values) => setState({ step: 'scan', setup: await start(values) })}
        onCancel={autoStart ? undefined : () => setState({ step: 'idle' })}
      />
    )
  if (state.step === 'scan')
    return (
      <ScanStep
        setup={state.setup}
        level={level}
        confirm={confirm}
        onConfirmed={(codes) => {
          notify.success(MESSAGES.twoStepOn)
          setState({ step: 'codes', codes })
        }}
      />
    )
  if (state.step === 'codes') return <RecoveryCodes codes={state.codes} level={level} onDone={onDone} />
  return (
    <div className="two-step__start">
      <button type="button" className="button button--primary" onClick={() => setState({ step: 'password' })}>
        Set Up an Authenticator App
      </button>
    </div>
  )
}

/** 'JBSW Y3DP EHPK 3PXP', easier to type from. */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/gu, '$1 ')
}

function ScanStep({
  setup,
  level,
  confirm,
  onConfirmed,
}: {
  setup: TotpSetupData
  level: 2 | 3
  confirm: (code: string) => Promise<string[]>
  onConfirmed: (codes: string[]) => void
}) {
  const form = useZodForm(totpConfirmSchema, { defaultValues: { code: '' } })
  const errors = useAccountErrors(form)

  const onSubmit = async (values: TotpConfirm) => {
    const confirmed = await errors.attempt(() => confirm(values.code), MESSAGES.twoStepConfirmFailed)
    if (confirmed) onConfirmed(confirmed.value)
  }

  return (
    <AuthForm
      title="Set up your authenticator app"
      level={level}
      form={form}
      onSubmit={onSubmit}
      alert={errors.alert}
      requiredNote={false}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Checking the code…" variant="primary">
            Turn On Two-Step Sign-In
          </SubmitButton>
        </FormActions>
      }
    >
      <ol className="two-step__steps">
        <li>
          Open an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or
          1Password.
        </li>
        <li>
          Scan this QR code with it:
          <img
            className="two-step__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={`QR code to add ${SITE.name} to your authenticator app`}
            width={184}
            height={184}
          />
          or, if you cannot scan it, type this key into the app:{' '}
          <code className="two-step__key">{groupKey(setup.secret)}</code>
          <span className="two-step__app-link">
            Or, if the app is on this phone, open it with its link:{' '}
            <a className="button button--outline" href={setup.uri}>
              Add to My Authenticator App
            </a>
          </span>
        </li>
        <li>Enter the 6-digit code the app shows for {SITE.name}.</li>
      </ol>
      <AuthenticatorCodeField hint="The code changes every 30 seconds." />
    </AuthForm>
  )
}

/** Recovery codes, shown this once: download them or write them down. */
export function RecoveryCodes({
  codes,
  level,
  onDone,
}: {
  codes: string[]
  level: 2 | 3 | 4
  onDone: () => void
}) {
  const headingId = useId()
  const Heading = `h${level}` as const
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The step changed under the person's focus (the submit button is gone): the heading takes it.
  useEffect(() => headingRef.current?.focus(), [])
  const download = () =>
    saveBlob(
      new Blob(
        [
          `${SITE.name}: recovery codes for two-step sign-in\n` +
            'Each code signs you in once, in place of a code from your authenticator app.\n\n' +
            `${codes.join('\n')}\n`,
        ],
        { type: 'text/plain;charset=utf-8' },
      ),
      'signalway-recovery-codes.txt',
    )

  return (
    <section className="two-step__codes" aria-labelledby={headingId}>
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="auth-panel__title">
        Save your recovery codes
      </Heading>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from the app. This is
        the only time they are shown: download them or write them down, and keep them somewhere safe.
      </p>
      <ol className="two-step__code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="button button--outline" onClick={download}>
          Download the Codes
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          I Have Saved My Codes
        </button>
      </div>
    </section>
  )
}
