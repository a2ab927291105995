import { MESSAGES, type Register, type RegisterInput, registerSchema } from '@signalway/shared'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import {
  applyServerErrors,
  Checkbox,
  Form,
  FormActions,
  PersonFields,
  PrivacyNotice,
  RequiredFieldsNote,
  SubmitButton,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'
import { paths } from '../../../lib/paths.ts'
import { registerAccount } from '../api/register.ts'
import { PasswordField } from './password-field.tsx'

export const REGISTER_DEFAULTS: RegisterInput = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  password: '',
  confirmPassword: '',
  acceptedTheTerms: false,
}

export interface RegisterFormProps {
  register?: (values: Register) => Promise<TokenResponse>
}

/**
 * Register (SPEC.md §2, §5): First Name, Last Name, Email, Mobile (04 + 8 digits), password with
 * the live checklist, confirmation and the terms. memberType '1' is sent. The answer's tokens sign
 * the user in (the profile is fetched); the guest guard then sends them on. Failures: 'Unable to
 * register.' (a taken email also on the field), 'Unable to fetch the user profile.'.
 */
export function RegisterForm({ register = registerAccount }: RegisterFormProps) {
  const notify = useNotify()
  const { signIn } = useAuth()
  const headingId = useId()
  const [alert, setAlert] = useState<string | null>(null)
  const form = useZodForm(registerSchema, { defaultValues: REGISTER_DEFAULTS })

  const onSubmit = async (values: Register) => {
    setAlert(null)
    let tokens: TokenResponse
    try {
      tokens = await register(values)
    } catch (error) {
      if (isApiError(error)) {
        const message = serverMessage(error)
        if (error.status === 409 && message)
          form.setError('email', { type: 'server', message }, { shouldFocus: true })
        else if (error.status === 429 && message) setAlert(message)
        else applyServerErrors(form, error)
      }
      notify.error(MESSAGES.registerFailed)
      return
    }
    try {
      await signIn(tokens)
    } catch {
      notify.error(MESSAGES.profileFetchFailed)
      return
    }
    notify.success(MESSAGES.welcome(values.firstName.trim()))
  }

  return (
    <>
      <h2 id={headingId} className="auth-panel__title">
        Create your account
      </h2>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="auth-form">
        <RequiredFieldsNote />
        <PrivacyNotice purpose="to run your account and your hires" />
        <PersonFields />
        <div className="form-row">
          <PasswordField name="password" label="Password" autoComplete="new-password" checklist required />
          <PasswordField
            name="confirmPassword"
            label="Confirm Password"
            autoComplete="new-password"
            required
          />
        </div>
        <Checkbox
          name="acceptedTheTerms"
          label={
            <>
              I accept the <Link to={paths.termsAndConditions}>terms and conditions</Link>
            </>
          }
          required
        />
        {alert ? (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        ) : null}
        <FormActions>
          <SubmitButton busyLabel="Registering…" variant="primary">
            Register
          </SubmitButton>
        </FormActions>
      </Form>
    </>
  )
}
