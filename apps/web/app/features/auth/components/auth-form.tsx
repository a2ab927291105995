import { MESSAGES } from '@signalway/shared'
import { type ReactNode, useId, useState } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import {
  applyServerErrors,
  Form,
  FormActions,
  type FormProps,
  RequiredFieldsNote,
  SubmitButton,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError, serverMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import type { TokenResponse, UserProfile } from '../../../lib/auth-storage.ts'

export interface AuthFormProps<TIn extends FieldValues, TOut> extends Omit<FormProps<TIn, TOut>, 'title'> {
  /** The panel's heading; it names the form. */
  title: ReactNode
  /** The heading's level: 2 for a page's form, 3 under a section's own heading (Security), 4 under that. */
  level?: 2 | 3 | 4
  /** 'Fields marked * are required.' above the fields (default: shown). */
  requiredNote?: boolean
  /** A message from the server that belongs to no field (a lock-out), shown above the actions. */
  alert?: string | null
  /** The alert's id, for the fields it describes (FieldBaseProps.refusedBy). */
  alertId?: string
  /** The form's actions, after the alert. */
  actions: ReactNode
}

/** The heading and the form of an account panel (login, register, forgot, reset, profile). */
export function AuthForm<TIn extends FieldValues, TOut>({
  title,
  level = 2,
  requiredNote = true,
  alert,
  alertId,
  actions,
  children,
  ...form
}: AuthFormProps<TIn, TOut>) {
  const headingId = useId()
  const Heading = `h${level}` as const
  return (
    <>
      <Heading id={headingId} className="auth-panel__title">
        {title}
      </Heading>
      <Form {...form} aria-labelledby={headingId} className="auth-form">
        {requiredNote ? <RequiredFieldsNote /> : null}
        {children}
        {alert ? (
          <p id={alertId} className="form-alert" role="alert">
            {alert}
          </p>
        ) : null}
        {actions}
      </Form>
    </>
  )
}

/** The actions of a small account form: its submit button, then Cancel where the form may be left. */
export function SubmitOrCancel({
  submit,
  busy,
  onCancel,
}: {
  submit: string
  /** The submit button's label while the form is sent. */
  busy: string
  onCancel?: (() => void) | undefined
}) {
  return (
    <FormActions>
      <SubmitButton busyLabel={busy} variant="primary">
        {submit}
      </SubmitButton>
      {onCancel ? (
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </FormActions>
  )
}

/**
 * How an account form shows a refused save: a taken email (409) on the email field, a lock-out
 * (429) as the form's alert, a 400's ModelState on its fields.
 */
export function useAccountErrors<T extends FieldValues, TOut>(form: UseFormReturn<T, unknown, TOut>) {
  const [alert, setAlert] = useState<string | null>(null)
  const show = (error: unknown) => {
    if (!isApiError(error)) return
    const message = serverMessage(error)
    if (error.status === 409 && message)
      form.setError('email' as Path<T>, { type: 'server', message }, { shouldFocus: true })
    else if (error.status === 429 && message) setAlert(message)
    else applyServerErrors(form, error)
  }
  const notify = useNotify()
  /**
   * Runs a save: clears the last alert; on a failure shows it (on its fields, or as the alert) with
   * `failedMessage` (or a 500's own Message) as the notification, and answers null.
   */
  const attempt = async <R,>(
    action: () => Promise<R>,
    failedMessage: string,
  ): Promise<{ value: R } | null> => {
    setAlert(null)
    try {
      return { value: await action() }
    } catch (error) {
      show(error)
      notify.error(failureMessage(error, failedMessage))
      return null
    }
  }
  return { alert, clear: () => setAlert(null), show, attempt }
}

/** Signs in with tokens just issued; says 'Unable to fetch the user profile.' and answers false when that fails. */
export function useSignInWithTokens() {
  const notify = useNotify()
  const { signIn } = useAuth()
  return async (tokens: TokenResponse): Promise<UserProfile | null> => {
    try {
      return await signIn(tokens)
    } catch {
      notify.error(MESSAGES.profileFetchFailed)
      return null
    }
  }
}
