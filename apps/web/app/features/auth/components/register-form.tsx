import { MESSAGES, type Register, type RegisterInput, registerSchema } from '@signalway/shared'
import { Link } from 'react-router'
import {
  Checkbox,
  FormActions,
  PersonFields,
  PrivacyNotice,
  SubmitButton,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'
import { paths } from '../../../lib/paths.ts'
import { registerAccount } from '../api/register.ts'
import { refusingCommonPasswords } from '../common-passwords.ts'
import { AuthForm, useAccountErrors, useSignInWithTokens } from './auth-form.tsx'
import { PasswordField } from './password-field.tsx'

/** The server refuses the most common passwords: flagged before the form is sent. */
const registerSchemaRefusingCommon = refusingCommonPasswords(registerSchema)

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
 * Register (requirements §2, §5): First Name, Last Name, Email, Mobile (04 + 8 digits), password with
 * the live checklist, confirmation and the terms. memberType '1' is sent. The answer's tokens sign
 * the user in (the profile is fetched); the guest guard then sends them on. Failures: 'Unable to
 * register.' (a taken email also on the field), 'Unable to fetch the user profile.'.
 */
export function RegisterForm({ register = registerAccount }: RegisterFormProps) {
  const notify = useNotify()
  const signIn = useSignInWithTokens()
  const form = useZodForm(registerSchemaRefusingCommon, { defaultValues: REGISTER_DEFAULTS })
  const errors = useAccountErrors(form)

  const onSubmit = async (values: Register) => {
    errors.clear()
    let tokens: TokenResponse
    try {
      tokens = await register(values)
    } catch (error) {
      errors.show(error)
      notify.error(MESSAGES.registerFailed)
      return
    }
    if (await signIn(tokens)) notify.success(MESSAGES.welcome(values.firstName.trim()))
  }

  return (
    <AuthForm
      title="Create your account"
      form={form}
      onSubmit={onSubmit}
      alert={errors.alert}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Registering…" variant="primary">
            Register
          </SubmitButton>
        </FormActions>
      }
    >
      <PrivacyNotice purpose="to run your account and your hires" />
      <PersonFields />
      <div className="form-row">
        <PasswordField name="password" label="Password" autoComplete="new-password" checklist required />
        <PasswordField name="confirmPassword" label="Confirm Password" autoComplete="new-password" required />
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
    </AuthForm>
  )
}
